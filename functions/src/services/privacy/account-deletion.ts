/**
 * DELETE /account {password} (issue 19): a member deletes their account, re-authenticated by the password.
 *
 * 0. A marker on the profile first (issue 34): the account signs in no more and every session ends at once;
 *    from here a crash leaves a deletion the retention job finishes (resumeDeletions), not the member.
 * 1. Registrations of the active season of every athlete going away are withdrawn first, by the family's own
 *    rule (an unpaid checkout closed; after the first session has started the row stays as it is), with no
 *    limit of the family's own: a family of twelve is deleted whole.
 * 2. A registration of theirs still waiting for its tryout number is deleted (it never becomes one). Every
 *    registration of those athletes, in every season, keeps only what the club needs for its records,
 *    without identity (db/privacy/member-deletion.ts anonymizeRegistration); refunds, amounts and Stripe ids stay, a
 *    refund's free-text reason goes. A registration the account made for an athlete who stays with another
 *    guardian is handed to that guardian.
 * 3. The household's athletes go with its last guardian; otherwise the account leaves it. Two guardians
 *    deleting at once: the one whose leaving finds itself the last goes round again as the last guardian.
 * 4. The invitations the account sent and the links it was sent, its opening notice, its e-mail claim; what
 *    the mail service reported for the addresses that went is forgotten, but a suppressed (bounced or
 *    complained) address is kept as its hash, so it is still never mailed. The profile (and the marker) last.
 */
import {
  fieldMessages,
  serverMessages,
  type AccessTokenClaims,
  type AgeGroup,
  type DeleteAccountInput,
  type GuardianContact,
} from '@club/shared';
import { leaveHousehold } from '../../db/households/guardians';
import { keys } from '../../db/platform/keys';
import { readMemberItems, type MemberItems, type StoredItem } from '../../db/privacy/member-data';
import * as deletion from '../../db/privacy/member-deletion';
import { listedTokenKeys } from '../../db/accounts/one-time-tokens';
import * as seasonsTable from '../../db/seasons/seasons';
import { revokeAllSessionFamilies } from '../../db/accounts/refresh-tokens';
import * as tryoutsTable from '../../db/registration/registrations';
import { leaveWaitlist } from '../../db/registration/waitlist';
import { getUser, getUserByEmail, type UserItem } from '../../db/accounts/users';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { log } from '../../lib/log';
import { verifyPassword } from '../accounts/passwords';
import { clearLimit, rateLimits, requireWithinLimit } from '../platform/rate-limits';
import { withdrawRegistration } from '../registration/withdrawal';
import { eraseTryoutNightOf } from './tryout-night-data';

export async function deleteAccount(caller: AccessTokenClaims, input: DeleteAccountInput): Promise<void> {
  const now = new Date();
  const user = await getUser(caller.sub);
  if (!user) throw new NotFoundError(serverMessages.accountNotFound);
  await requireWithinLimit(rateLimits.accountPasswordUser, user.id, now);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new UnauthorizedError(fieldMessages.currentPasswordWrong, [
      { field: 'password', msg: fieldMessages.currentPasswordWrong },
    ]);
  }
  await clearLimit(rateLimits.accountPasswordUser, user.id, now);
  await eraseAccount(user, now, 'member');
}

/** Who deletes: the member, the retention job (an idle account), or the retention job finishing either. */
export type ErasedBy = 'member' | 'retention' | 'resumed';

/** Rounds of a deletion that each found the household changed under it before one went through. */
const MAX_PASSES = 5;

/**
 * Deletes an account as the member's own deletion does: by the member (their password checked), by the
 * retention job (an account unused for the retention period, after its notice; issue 19), or by the retention
 * job finishing a deletion a crash stopped. Idempotent: every step may run again.
 */
export async function eraseAccount(user: UserItem, now: Date, by: ErasedBy): Promise<void> {
  if (!(await deletion.markDeletionStarted(user.id, now))) return;
  await revokeAllSessionFamilies(user.id);
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    if (await erasePass(user.id, now, by)) return;
  }
  // The marker stays: the retention job's next run finishes it.
  throw new Error('The household kept changing during a deletion');
}

/**
 * Finishes the deletions started before `before` that a crash stopped half-way (issue 34); the retention job
 * calls it on every run. Answers how many it finished.
 */
export async function resumeDeletions(before: Date, now: Date): Promise<number> {
  let finished = 0;
  for (const userId of await deletion.deletionsStartedBefore(before.toISOString())) {
    const user = await getUser(userId);
    if (!user) continue;
    await eraseAccount(user, now, 'resumed');
    finished += 1;
  }
  return finished;
}

function text(item: StoredItem, field: string): string {
  return typeof item[field] === 'string' ? item[field] : '';
}

/** One pass over what the table holds now; false when the household changed and the pass must run again. */
async function erasePass(userId: string, now: Date, by: ErasedBy): Promise<boolean> {
  const items = await readMemberItems(userId);
  if (!items) return true;
  const profile = items.profile;
  const address = text(profile, 'email').toLowerCase();
  const householdId = text(profile, 'household_id') || null;
  const otherGuardians = items.guardians.length;
  const ownAthlete = items.athleteIds.includes(userId) && profile.account_type !== 'guardian';
  const inHousehold = new Set(items.athleteIds);
  // The athletes who go: the account holder as an athlete, and the household's with its last guardian.
  const going = new Set(otherGuardians ? (ownAthlete ? [userId] : []) : items.athleteIds);
  const remainingGuardians = (r: StoredItem) =>
    (Array.isArray(r.guardians) ? (r.guardians as GuardianContact[]) : []).filter(
      (g) => g.email.toLowerCase() !== address,
    );
  // A registration the account made for an athlete no longer in its household goes with it unless another
  // guardian is listed on it (that athlete's family now).
  const goes = (r: StoredItem) =>
    going.has(text(r, 'player_id')) ||
    (!inHousehold.has(text(r, 'player_id')) && !remainingGuardians(r).length);
  const registrations = items.registrations.filter(goes);

  // A registration still waiting for its tryout number goes whole: it never becomes one. One numbered since
  // the read is a registration this pass has not seen: the pass goes round again and anonymises it.
  // Read from its key (SEASON#<season>, PENDING#<athlete>), whatever its details hold.
  for (const waiting of items.waiting) {
    const [seasonId, playerId] = [
      text(waiting, 'PK').slice('SEASON#'.length),
      text(waiting, 'SK').slice('PENDING#'.length),
    ];
    if (!going.has(playerId)) continue;
    if (!(await deletion.deleteWaitingRegistration(seasonId, playerId))) return false;
  }
  // On a full group's waitlist (issue 45): the entry goes, and the counter forgets it; a spot held for it
  // goes to the next family by the minute's sweep.
  for (const entry of items.waitlisted) {
    const [seasonId, playerId] = [
      text(entry, 'PK').slice('SEASON#'.length),
      text(entry, 'SK').slice(keys.waitlistSKPrefix.length),
    ];
    if (going.has(playerId)) await leaveWaitlist(seasonId, playerId);
  }
  await withdrawActive(registrations, now, by);
  // Tryout night's notes about the athletes who go, and the account's own helper jobs (issue 37).
  await eraseTryoutNightOf(
    userId,
    registrations.map((r) => ({
      season_id: text(r, 'season_id'),
      age_group: text(r, 'age_group') as AgeGroup,
      player_id: text(r, 'player_id'),
    })),
  );
  for (const r of registrations) {
    await deletion.anonymizeRegistration(text(r, 'season_id'), text(r, 'player_id'), now);
    await deletion.anonymizeRefundReasons(text(r, 'season_id'), text(r, 'player_id'));
    await deletion.anonymizeOffer(text(r, 'season_id'), text(r, 'player_id'));
    await deletion.anonymizeInstalments(text(r, 'season_id'), text(r, 'player_id'));
  }
  await handOverStaying(
    items,
    items.registrations.filter((r) => !goes(r)),
    address,
    remainingGuardians,
  );
  for (const group of items.checkouts) {
    if (group.user_id === userId) {
      await deletion.anonymizeCheckoutGroup(text(group, 'season_id'), text(group, 'group_id'));
    }
  }

  // Invitations sent (they hold the invitee's address) and links sent, before the household is touched, so
  // no one joins a household that is going.
  await deletion.deleteKeys([
    ...listedTokenKeys(profile),
    ...(profile.pendingEmailTokenHash
      ? [keys.oneTimeToken(text(profile, 'pendingEmailTokenHash'), 'EMAIL')]
      : []),
  ]);
  if (householdId && otherGuardians) {
    const outcome = await leaveHousehold(userId, householdId, {
      base: items.athleteIds.length,
      ownAthlete,
    });
    // 'last': the other guardian left (or was deleted) meanwhile, so this account is the last one now.
    if (outcome !== 'left') return false;
  } else if (householdId) {
    await deletion.deleteKeys(items.household.map((item) => ({ PK: item.PK, SK: item.SK })));
  }
  await deletion.deleteKeys([keys.openingNotice(userId), keys.emailClaim(address)]);
  for (const mailAddress of departingAddresses(items, address, otherGuardians > 0)) {
    await deletion.forgetMailStatus(mailAddress, now);
  }
  await deletion.deleteKeys([keys.user(userId)]);
  log.info('account deleted', {
    by,
    registrationsKept: registrations.length,
    athletesDeleted: going.size,
    householdKept: otherGuardians > 0,
  });
  return true;
}

/** Withdraws the active season's registrations that go, as the family would (before the season starts). */
async function withdrawActive(registrations: StoredItem[], now: Date, by: ErasedBy): Promise<void> {
  // An account the retention job deletes has registered nothing for the whole retention period.
  if (by === 'retention') return;
  const season = await seasonsTable.getActiveSeason();
  if (!season) return;
  for (const r of registrations) {
    if (r.season_id !== season.id || r.withdrawn === true) continue;
    const tryout = await tryoutsTable.getTryout(season.id, text(r, 'player_id'));
    if (!tryout) continue;
    await withdrawRegistration(season, tryout, now, { kind: 'account_deletion' }).catch((error: unknown) => {
      // After the first session has started the row stays as it is, for the club's records.
      if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
    });
  }
}

/**
 * The registrations that stay (their athlete stays with another guardian) no longer list this account; one
 * it made is handed to the first remaining guardian, whose address and phone it then carries.
 */
async function handOverStaying(
  items: MemberItems,
  staying: StoredItem[],
  address: string,
  remainingGuardians: (r: StoredItem) => GuardianContact[],
): Promise<void> {
  const next = items.guardians[0];
  const inHousehold = new Set(items.athleteIds);
  for (const r of staying) {
    const guardians = remainingGuardians(r);
    const listed = Array.isArray(r.guardians) ? r.guardians.length : 0;
    const madeByThisAccount = text(r, 'email').toLowerCase() === address;
    const [seasonId, playerId] = [text(r, 'season_id'), text(r, 'player_id')];
    // This household's athlete goes to its next guardian; one of another family now to its first listed one,
    // by that guardian's own account (never this one's id, which would outlive the deletion on the row).
    const listedHeir = async () => {
      const account = guardians[0] && (await getUserByEmail(guardians[0].email));
      return account
        ? { user_id: account.id, email: account.email, phone_number: account.phone_number }
        : null;
    };
    const heir =
      inHousehold.has(playerId) && next
        ? { user_id: text(next, 'id'), email: text(next, 'email'), phone_number: text(next, 'phone_number') }
        : madeByThisAccount
          ? await listedHeir()
          : null;
    if (madeByThisAccount && heir) {
      await tryoutsTable.handOverRegistration(seasonId, playerId, guardians, heir);
    } else if (guardians.length !== listed) {
      await tryoutsTable.setGuardians(seasonId, playerId, guardians);
    }
  }
}

/** The addresses that went: the account's, and the departing athletes' emergency contacts. */
function departingAddresses(items: MemberItems, address: string, householdKept: boolean): Set<string> {
  const addresses = new Set<string>([address]);
  const sources = householdKept ? [items.profile] : [items.profile, ...items.household];
  for (const item of sources) {
    const contact = text(item, 'emergency_contact_email');
    if (contact) addresses.add(contact.toLowerCase());
  }
  return addresses;
}
