/** Withdrawing a registration (issue 36): the family's own, and an account deletion's for each athlete. */
import { serverMessages, type AccessTokenClaims, type MyTryout } from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem, WithdrawnBy } from '../../db/registration/registration-item';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { mailWithdrawal } from '../mail/family-change-mail';
import { closeCheckout } from '../money/checkout';
import { repriceAfterWithdrawal } from '../money/sibling-fees';
import { callerPlayerId } from './players';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';
import { registrationOf, toMyTryout, withdrawalOpen } from './my-registration';
import * as waitlistTable from '../../db/registration/waitlist';
import { playerIdOf } from '../households/households';
import { hasCapacity, offerFreedSpots, toWaitlistedTryout } from './waitlist';

/**
 * POST /tryouts/my/withdraw: the family withdraws before the season's first session starts (409 after). An
 * unpaid card checkout is closed first, so no payment lands on a withdrawn registration; one that went
 * through meanwhile stays paid, for the admin to refund. The number stays with the registration, retired.
 * Already withdrawn: answered as it is.
 */
export async function withdraw(caller: AccessTokenClaims, athleteId?: string): Promise<MyTryout> {
  await requireWithinLimit(rateLimits.switchToCashUser, caller.sub);
  const left = await leftWaitlist(caller, athleteId);
  if (left) return left;
  const { season, tryout } = await registrationOf(caller, athleteId);
  const by: WithdrawnBy = {
    kind: tryout.player_id === callerPlayerId(caller) ? 'player' : 'guardian',
    name: `${caller.first_name} ${caller.last_name}`,
  };
  const written = await withdrawRegistration(season, tryout, new Date(), by);
  if (!tryout.withdrawn) {
    await repriceAfterWithdrawal(caller, season, tryout);
    // The family is told what it means for the number and the money (issue 36).
    await mailWithdrawal(written);
  }
  return toMyTryout(written, season);
}

/**
 * The withdrawal itself, with no limit of the family's own: what the family's withdraw does once it has found
 * the registration, and what an account's deletion does for each of its athletes (issue 34: a deletion is not
 * counted against the withdraw limit). 409 once the season's first session has started.
 */
export async function withdrawRegistration(
  season: seasonsTable.SeasonItem,
  tryout: RegistrationItem,
  now: Date,
  /** Who withdraws it: the admin's Player Details says so (issue 42). */
  by: WithdrawnBy,
): Promise<RegistrationItem> {
  if (tryout.withdrawn) return tryout;
  if (!withdrawalOpen(season, now)) throw new ConflictError(serverMessages.withdrawalClosed);
  if (tryout.result) throw new ConflictError(serverMessages.withdrawalAfterResult);
  if (tryout.payment_method === 'stripe' && ['pending', 'failed'].includes(tryout.payment_status)) {
    await closeCheckout(tryout, season.name).catch((error: unknown) => {
      // Paid or settling a moment ago: the withdrawal goes ahead and the admin decides on a refund.
      if (!(error instanceof ConflictError)) throw error;
    });
  }
  const written = await tryoutsTable.withdrawTryout(season.id, tryout.player_id, now, by);
  if (!written) throw new NotFoundError(serverMessages.notRegistered);
  log.info('registration withdrawn', { tryoutId: written.id });
  // Its spot, in a group with a capacity, goes to the next family on the waitlist (issue 45).
  await offerFreedSpots(season, now, [written.age_group]);
  return written;
}

/**
 * Leaving the waitlist (issue 45) by the same withdraw routes: a player of the caller's on the active
 * season's waitlist leaves it (a spot held for it goes to the next family); answered as it was, withdrawn.
 * Null when the player is not on the waitlist: then it is a registration's withdrawal.
 */
async function leftWaitlist(caller: AccessTokenClaims, athleteId?: string): Promise<MyTryout | null> {
  const [season, playerId] = await Promise.all([
    seasonsTable.getActiveSeason(),
    playerIdOf(caller, athleteId),
  ]);
  if (!season || !hasCapacity(season)) return null;
  const now = new Date();
  const waitlist = await waitlistTable.waitlistPlacesOf(season.id);
  const entry = waitlist.find((e) => e.player_id === playerId);
  if (!entry) return null;
  const left = await waitlistTable.leaveWaitlist(season.id, playerId);
  if (!left) return null;
  log.info('left the waitlist', { seasonId: season.id });
  if (left.spot_offered_until !== undefined) await offerFreedSpots(season, now, [left.age_group]);
  return { ...toWaitlistedTryout(left, season, waitlist, now), withdrawn: true, withdrawal_open: false };
}
