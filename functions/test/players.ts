/**
 * Test helpers for tryouts: players written straight to the table with a signed token (fast enough for a
 * crowd of hundreds; the sign-up journey has its own tests), an open 2025 season, and a snapshot of the whole
 * table to prove a refusal wrote nothing.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  AGE_GROUPS,
  CONSENT_NOTICE_VERSION,
  type AgeGroup,
  type Season,
  type TryoutSession,
} from '@club/shared';
import { db, tableName } from '../src/db/platform/client';
import { expiresAt, keys } from '../src/db/platform/keys';
import { createUserClaimingEmail, type UserItem } from '../src/db/accounts/users';
import { signAccessToken } from '../src/lib/access-token';
import { hashPassword } from '../src/services/accounts/passwords';
import { createSeason } from '../src/services/seasons/seasons';
import { PASSWORD, uniqueEmail } from './accounts';
import { settleFamilyMail } from './family-mail';
import { aRegistrationRecord, aTryoutRegistration, registered } from './builders';

export interface TestPlayer {
  id: string;
  email: string;
  token: string;
  user: UserItem;
}

/** One argon2 hash for every test player: hashing is the slow part and these players never sign in. */
let passwordHash: Promise<string> | undefined;

/** A verified player account, created directly in the table, and an access token for it. */
export async function createPlayer(overrides: Partial<UserItem> = {}): Promise<TestPlayer> {
  passwordHash ??= hashPassword(PASSWORD);
  const now = new Date().toISOString();
  const user: UserItem = {
    id: randomUUID(),
    email: uniqueEmail('player'),
    first_name: 'Avery',
    last_name: 'Quinn',
    date_of_birth: '2010-06-15',
    phone_number: '7805550134',
    emergency_contact_name: 'Robin Quinn',
    emergency_contact_phone: '7805550199',
    emergency_contact_email: 'robin.quinn@example.test',
    emergency_contact_relationship: 'parent',
    parent_consent: true,
    consentedAt: now,
    consentNoticeVersion: CONSENT_NOTICE_VERSION,
    is_admin: false,
    createdAt: now,
    verifiedAt: now,
    passwordHash: await passwordHash,
    passwordVersion: 0,
    ...overrides,
  };
  if (!(await createUserClaimingEmail(user))) throw new Error('test player e-mail already taken');
  const token = await signAccessToken({
    sid: await liveSession(user.id),
    sub: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_admin: user.is_admin,
  });
  return { id: user.id, email: user.email, token, user };
}

/**
 * A live sign-in for a test account: its session family's item, as a sign-in writes it (the API checks it on
 * every signed-in request). The id goes into the token's `sid`.
 */
export async function liveSession(userId: string): Promise<string> {
  const familyId = randomUUID();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.sessionFamily(userId, familyId),
        type: 'session-family',
        familyId,
        createdAt: new Date().toISOString(),
        expiresAt: expiresAt(new Date(Date.now() + 12 * 60 * 60 * 1000)),
      },
    }),
  );
  return familyId;
}

/** Creates and activates a season counted from 2025 (spec §5 years), open, all age groups, fee $45.00. */
export function openSeason(
  overrides: {
    name?: string;
    age_groups?: readonly AgeGroup[];
    is_registration_open?: boolean;
    sessions?: readonly TryoutSession[];
  } = {},
): Promise<Season> {
  return createSeason({
    name: 'Fall 2025 Tryouts',
    age_groups: AGE_GROUPS,
    is_registration_open: true,
    tryout_fee_cents: 4_500,
    reference_year: 2025,
    ...overrides,
  });
}

/**
 * Every item of the table, sorted, as one string: equal before and after means nothing was written. Rate-limit
 * windows are left out: they count requests (a refused one too), they are not data a request changes. Mail an
 * earlier step left on the family-mail queue (a confirmation held back while its registration waited for a
 * number) is delivered first, so its "mailed" mark is not taken for a write of the request being compared.
 */
export async function tableSnapshot(): Promise<string> {
  await settleFamilyMail();
  const items: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) {
      if (String(item.PK).startsWith(keys.rateWindowPKPrefix)) continue;
      items.push(`${item.PK}|${item.SK}|${JSON.stringify(item)}`);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return JSON.stringify(items.sort());
}

/** Every item of the table as lower-case text: what a scan of it could find (privacy tests search it). */
export async function tableText(): Promise<string> {
  const items: unknown[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return JSON.stringify(items).toLowerCase();
}

/** A player registered for the active season, by card unless told otherwise, with the answer's checkout URL. */
export async function registeredPlayer(
  payment_method: 'cash' | 'stripe' = 'stripe',
  overrides: Partial<UserItem> = {},
): Promise<TestPlayer & { url: string | undefined; tryoutNumber: number }> {
  const player = await createPlayer(overrides);
  const res = await registered(player.token, aTryoutRegistration({ payment_method }));
  const tryout = res.body.tryout as { tryout_number: number };
  return { ...player, url: res.body.url as string | undefined, tryoutNumber: tryout.tryout_number };
}

/** A cash registration of a player as the service writes it, before its number (builders.ts aRegistrationRecord). */
export function newTryout(seasonId: string, player: TestPlayer, overrides: Record<string, unknown> = {}) {
  return aRegistrationRecord(seasonId, player, overrides);
}
