/**
 * DELETE /account {password} (issue 19): a member deletes their account, re-authenticated by the password.
 *
 * 1. Registrations of the active season of every athlete going away are withdrawn first, by the family's own
 *    rule (an unpaid checkout closed; after the first session has started the row stays as it is).
 * 2. Every registration of those athletes, in every season, keeps only what the club needs for its records,
 *    without identity (db/member-deletion.ts anonymizeRegistration); refunds, amounts and Stripe ids stay.
 * 3. The account's sign-in sessions end at once, and its profile, e-mail claim and opening notice go. The
 *    household's athletes go with it when no other guardian remains; otherwise the account leaves it.
 * 4. What the mail service reported for the addresses that went is forgotten, but a suppressed (bounced or
 *    complained) address is kept as its hash, so it is still never mailed.
 */
import {
  fieldMessages,
  serverMessages,
  type AccessTokenClaims,
  type DeleteAccountInput,
  type GuardianContact,
} from '@club/shared';
import { readMemberItems } from '../db/member-data';
import * as deletion from '../db/member-deletion';
import { keys } from '../db/keys';
import { leaveHousehold } from '../db/household-guardians';
import * as seasonsTable from '../db/seasons';
import { revokeAllSessionFamilies } from '../db/sessions';
import { setGuardians } from '../db/tryouts';
import { getUser, type UserItem } from '../db/users';
import { ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors';
import { log } from '../lib/log';
import { verifyPassword } from './passwords';
import { clearLimit, rateLimits, requireWithinLimit } from './rate-limits';
import { withdraw } from './tryouts';

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

/**
 * Deletes an account as the member's own deletion does: by the member (their password checked) or by the
 * retention job (an account unused for the retention period, after its notice; issue 19).
 */
export async function eraseAccount(user: UserItem, now: Date, by: 'member' | 'retention'): Promise<void> {
  const caller: AccessTokenClaims = {
    sub: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_admin: user.is_admin,
  };
  const items = await readMemberItems(user.id);
  if (!items) throw new NotFoundError(serverMessages.accountNotFound);

  const householdId = typeof items.profile.household_id === 'string' ? items.profile.household_id : null;
  const otherGuardians = items.guardians.length;
  const ownAthlete = items.athleteIds.includes(user.id) && user.account_type !== 'guardian';
  // The athletes who go: the account holder as an athlete, and the household's with its last guardian.
  const going = new Set(otherGuardians ? (ownAthlete ? [user.id] : []) : items.athleteIds);
  const registrations = items.registrations.filter((r) => going.has(String(r.player_id)));

  // 1. Withdrawn first, as the family would (before the season starts).
  const activeId = await seasonsTable.getActiveSeasonId();
  for (const r of registrations) {
    // An account the retention job deletes has registered nothing for the whole retention period.
    if (by === 'retention' || r.season_id !== activeId || r.withdrawn === true) continue;
    await withdraw(caller, String(r.player_id)).catch((error: unknown) => {
      if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
    });
  }

  // 2. Kept for the club's records, without identity.
  for (const r of registrations) {
    await deletion.anonymizeRegistration(String(r.season_id), String(r.player_id), now);
  }
  // The athletes who stay (another guardian remains) no longer list this guardian, in any season.
  const address = user.email.toLowerCase();
  for (const r of items.registrations) {
    if (going.has(String(r.player_id)) || !Array.isArray(r.guardians)) continue;
    const guardians = r.guardians as GuardianContact[];
    const left = guardians.filter((g) => g.email.toLowerCase() !== address);
    if (left.length !== guardians.length) await setGuardians(String(r.season_id), String(r.player_id), left);
  }
  for (const group of items.checkouts) {
    if (group.user_id === user.id)
      await deletion.anonymizeCheckoutGroup(String(group.season_id), String(group.group_id));
  }

  // 3. Sessions end, then the account, its household part and its list entry go.
  await revokeAllSessionFamilies(user.id);
  if (householdId && otherGuardians) {
    await leaveHousehold(user.id, householdId);
  } else if (householdId) {
    await deletion.deleteKeys(items.household.map((item) => ({ PK: item.PK, SK: item.SK })));
  }
  await deletion.deleteKeys([
    keys.openingNotice(user.id),
    keys.emailClaim(user.email),
    keys.user(user.id),
    // A pending change of address: its link holds the new address until it expires.
    ...(user.pendingEmailTokenHash ? [keys.oneTimeToken(user.pendingEmailTokenHash, 'EMAIL')] : []),
  ]);

  // 4. The addresses that went: the account's, and the departing athletes' emergency contacts.
  const addresses = new Set<string>([user.email.toLowerCase()]);
  if (!otherGuardians) {
    for (const item of [items.profile, ...items.household]) {
      if (typeof item.emergency_contact_email === 'string' && item.emergency_contact_email) {
        addresses.add(item.emergency_contact_email.toLowerCase());
      }
    }
  } else if (
    typeof items.profile.emergency_contact_email === 'string' &&
    items.profile.emergency_contact_email
  ) {
    addresses.add(items.profile.emergency_contact_email.toLowerCase());
  }
  for (const address of addresses) await deletion.forgetMailStatus(address, now);

  log.info('account deleted', {
    by,
    registrationsKept: registrations.length,
    athletesDeleted: going.size,
    householdKept: Boolean(otherGuardians),
  });
}
