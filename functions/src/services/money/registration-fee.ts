/**
 * The fee the club sets for a family that asked about financial support (issue 36): PATCH
 * /admin/tryouts/{id}/fee, down to 0, before anything is paid. A card registration's checkout at the old price
 * is closed first (one paid meanwhile keeps its price: 409, refund instead); the change is one conditional,
 * audited write; the family is mailed the new fee, and a fee of 0 completes the registration (its
 * confirmation goes out). It is also the club's answer to a card held for financial support (issue 42): the
 * fee lowered, or kept as it is, lets the family pay by card.
 */
import {
  formatCad,
  serverMessages,
  tryoutId,
  type AccessTokenClaims,
  type AdminTryoutRow,
} from '@club/shared';
import * as unpaidPrices from '../../db/money/unpaid-prices';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { rowWithStatus } from '../registration/admin-table';
import { byAdmin } from '../platform/audit';
import { checkoutExpiry, closeCheckout } from './checkout';
import { mailConfirmationOnce } from '../mail/confirmation-mail';
import { mailFeeSet } from '../mail/family-change-mail';
import { awaitsSupportAnswer } from './financial-support';

export async function setTryoutFee(
  id: string,
  amountCents: number,
  admin: AccessTokenClaims,
): Promise<AdminTryoutRow> {
  const ids = tryoutId.parse(id);
  if (!ids) throw new NotFoundError(serverMessages.registrationNotFound);
  const [season, tryout] = await Promise.all([
    seasonsTable.getSeason(ids.seasonId),
    tryoutsTable.getTryout(ids.seasonId, ids.playerId),
  ]);
  if (!season || !tryout) throw new NotFoundError(serverMessages.registrationNotFound);
  if (tryout.withdrawn) throw new ConflictError(serverMessages.feeOfWithdrawn);
  if (amountCents > season.tryout_fee_cents) {
    throw new BadRequestError(serverMessages.feeAboveSeason(formatCad(season.tryout_fee_cents)));
  }
  const card = tryout.payment_method === 'stripe';
  const unpaid = card
    ? ['pending', 'failed'].includes(tryout.payment_status)
    : tryout.payment_status === 'cash';
  if (!unpaid) throw new ConflictError(serverMessages.feeAlreadyPaid);
  // A card held for the club's answer (issue 42) is answered even at the fee it has: the family may pay.
  const answering = awaitsSupportAnswer(tryout);
  if (amountCents === tryout.amount_cents && !answering) return rowWithStatus(tryout);
  if (card) {
    // Paid or settling a moment ago: closeCheckout fulfils it and refuses (409), and the price stays.
    await closeCheckout(tryout, season.name);
  }
  const written = await unpaidPrices.setUnpaidFee({
    seasonId: ids.seasonId,
    playerId: ids.playerId,
    from: tryout.amount_cents,
    to: amountCents,
    ...(card && tryout.checkout_attempt !== undefined ? { attempt: tryout.checkout_attempt } : {}),
    expiresAt: checkoutExpiry(new Date()),
    by: byAdmin(admin),
    answering,
  });
  if (!written) throw new ConflictError(serverMessages.feeAlreadyPaid);
  log.info('registration fee set', { tryoutId: id, amount: amountCents });
  await mailFeeSet(written);
  if (amountCents === 0) await mailConfirmationOnce(written, season);
  return rowWithStatus(written);
}
