/**
 * Players for the registration bench: verified accounts written straight to the stack's table with a signed
 * access token, as the functions tests make them (signing up through the API would measure argon2, not
 * registration). Runs in the bench's process, whose environment the local stack configured.
 */
import { randomUUID } from 'node:crypto';
import { AGE_GROUPS, CONSENT_NOTICE_VERSION, type Season } from '@club/shared';
import { startSessionFamily } from '@club/functions/db/accounts/refresh-tokens';
import { createUserClaimingEmail, type UserItem } from '@club/functions/db/accounts/users';
import { signAccessToken } from '@club/functions/lib/access-token';
import { addAthlete } from '@club/functions/services/households/households';
import { createSeason } from '@club/functions/services/seasons/seasons';

export interface BenchPlayer {
  user: UserItem;
  token: string;
  /** The sign-in the token names (its session family). */
  sessionId: string;
}

async function benchPlayer(): Promise<BenchPlayer> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const user: UserItem = {
    id,
    email: `bench.${id}@example.test`,
    first_name: 'Bench',
    last_name: 'Player',
    // 14 in 2025: every age group of a 2025 season fits.
    date_of_birth: '2011-05-01',
    phone_number: '7805550134',
    emergency_contact_name: 'Bench Parent',
    emergency_contact_phone: '7805550199',
    emergency_contact_email: 'parent@example.test',
    emergency_contact_relationship: 'parent',
    parent_consent: true,
    consentedAt: now,
    consentNoticeVersion: CONSENT_NOTICE_VERSION,
    is_admin: false,
    createdAt: now,
    verifiedAt: now,
    // These players never sign in, so no password is ever checked against this.
    passwordHash: 'not-a-password-hash',
    passwordVersion: 0,
  };
  if (!(await createUserClaimingEmail(user))) throw new Error('bench player e-mail already taken');
  // A sign-in's session, as login writes it: the API checks it behind every signed-in request.
  const familyId = randomUUID();
  const started = await startSessionFamily({
    userId: id,
    familyId,
    tokenHash: `bench-${familyId}`,
    passwordVersion: 0,
    now: new Date(now),
    expires: new Date(Date.now() + 60 * 60 * 1000),
    familyEndsAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  if (!started) throw new Error('bench player session not started');
  const token = await signAccessToken({
    sid: familyId,
    sub: id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_admin: false,
  });
  return { user, token, sessionId: familyId };
}

/** `count` verified players, made `concurrency` at a time. */
export async function benchPlayers(count: number, concurrency = 20): Promise<BenchPlayer[]> {
  const players: BenchPlayer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      players.push(await benchPlayer());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return players;
}

/** A new active season counted from 2025, open for registration: its tryout numbers start at 1. */
export function benchSeason(name: string): Promise<Season> {
  return createSeason({ name, age_groups: AGE_GROUPS, is_registration_open: true, reference_year: 2025 });
}

/** A bench family: a player account with two children added, three athletes in all (the holder first). */
export interface BenchFamily extends BenchPlayer {
  athleteIds: [string, string, string];
}

/** `count` families, each a bench player with two children added through the household service. */
export async function benchFamilies(count: number, concurrency = 20): Promise<BenchFamily[]> {
  const players = await benchPlayers(count, concurrency);
  const families: BenchFamily[] = [];
  let next = 0;
  const worker = async () => {
    while (next < players.length) {
      const player = players[next++]!;
      const claims = { sub: player.user.id, ...player.user, is_admin: false };
      const child = (first_name: string) =>
        addAthlete(claims, {
          first_name,
          last_name: 'Player',
          date_of_birth: '2012-05-01',
          emergency_contact_name: 'Bench Parent',
          emergency_contact_phone: '7805550199',
          emergency_contact_email: 'parent@example.test',
          emergency_contact_relationship: 'parent',
          parent_consent: true,
        });
      const first = await child('Bench');
      const second = await child('Bench');
      families.push({ ...player, athleteIds: [player.user.id, first.id, second.id] });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return families;
}
