/** A family's unpaid card registration switched to cash (PATCH /tryouts/my, an abandoned checkout). */
import { serverMessages, type AccessTokenClaims, type MyTryout } from '@club/shared';
import * as paymentsTable from '../../db/money/payments';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { mailConfirmationOnce } from '../mail/confirmation-mail';
import { closeCheckout } from '../money/checkout';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';
import { registrationOf, toMyTryout } from './my-registration';

/**
 * PATCH /tryouts/my {"payment_method":"cash"}: a family whose card payment was abandoned pays cash on the day
 * instead, keeping its number. The checkout is closed first (an open session expired), so a late payment can
 * never land on a cash row; then one conditional write switches the registration, only while it is still the
 * unpaid card attempt whose session was closed. A paid or processing card registration is refused. Already
 * cash: answered as it is.
 */
export async function switchToCash(caller: AccessTokenClaims, athleteId?: string): Promise<MyTryout> {
  await requireWithinLimit(rateLimits.switchToCashUser, caller.sub);
  const { season, tryout } = await registrationOf(caller, athleteId);
  if (tryout.withdrawn) throw new ConflictError(serverMessages.registrationWithdrawn);
  if (tryout.payment_method === 'cash') return toMyTryout(tryout, season);
  refuseUnlessUnpaidCard(tryout);
  await closeCheckout(tryout, season.name);
  const switched = await paymentsTable.switchToCash({
    seasonId: season.id,
    playerId: tryout.player_id,
    attempt: tryout.checkout_attempt ?? 0,
    now: new Date(),
  });
  if (switched) {
    log.info('registration switched to cash', { tryoutId: switched.id });
    await mailConfirmationOnce(switched, season);
    return toMyTryout(switched, season);
  }
  // Something moved meanwhile (a payment landed, another tab paid again or switched): say where it stands.
  const now = await tryoutsTable.getTryout(season.id, tryout.player_id);
  if (!now) throw new NotFoundError(serverMessages.notRegistered);
  if (now.payment_method === 'cash') return toMyTryout(now, season);
  refuseUnlessUnpaidCard(now);
  throw new ConflictError(serverMessages.paymentsUnavailable);
}

function refuseUnlessUnpaidCard(tryout: RegistrationItem): void {
  if (tryout.payment_status === 'paid') throw new ConflictError(serverMessages.cashSwitchPaid);
  if (tryout.payment_status === 'processing') throw new ConflictError(serverMessages.cashSwitchProcessing);
}
