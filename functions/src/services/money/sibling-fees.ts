/**
 * The family's price follows who is still trying out (issue 34): the first athlete of a household in a
 * season pays the fee and each further one the sibling fee, so when the full-fee registration is withdrawn
 * before anything was paid on it, the family's first remaining unpaid registration takes the fee. A price
 * that was paid never changes; a card registration's open checkout is closed first, so no page made at the
 * old price can still be paid.
 */
import type { AccessTokenClaims } from '@club/shared';
import * as unpaidPrices from '../../db/money/unpaid-prices';
import type * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { ConflictError } from '../../lib/errors';
import { log } from '../../lib/log';
import { checkoutExpiry, closeCheckout } from './checkout';
import { familyOf } from '../households/households';

/** Nothing was taken on it yet: cash not collected, a card payment not made (or failed). */
function unpaid(tryout: RegistrationItem): boolean {
  return tryout.payment_method === 'cash'
    ? tryout.payment_status === 'cash'
    : ['pending', 'failed'].includes(tryout.payment_status);
}

/**
 * After `withdrawn` (as it was before its withdrawal) left the season: when it carried the family's higher
 * price unpaid and no registration of the family still pays that price, the first remaining unpaid one (by
 * tryout number) takes it. Each step is conditional; a race (a payment landing meanwhile) leaves the prices
 * as they are.
 */
export async function repriceAfterWithdrawal(
  caller: AccessTokenClaims,
  season: seasonsTable.SeasonItem,
  withdrawn: RegistrationItem,
): Promise<void> {
  if (!unpaid(withdrawn)) return;
  const family = await familyOf(caller);
  const staying = (
    await tryoutsTable.getTryoutsOf(
      season.id,
      family.players.map((p) => p.id),
    )
  )
    .filter((t) => !t.withdrawn && t.player_id !== withdrawn.player_id)
    .sort((a, b) => a.tryout_number - b.tryout_number);
  if (staying.some((t) => t.amount_cents >= withdrawn.amount_cents)) return;
  const next = staying.find(unpaid);
  if (!next) return;
  if (next.payment_method === 'stripe') {
    const closed = await closeCheckout(next, season.name).then(
      () => true,
      (error: unknown) => {
        // Paid or settling a moment ago: its price is the one paid.
        if (error instanceof ConflictError) return false;
        throw error;
      },
    );
    if (!closed) return;
  }
  const repriced = await unpaidPrices.repriceUnpaid({
    seasonId: season.id,
    playerId: next.player_id,
    from: next.amount_cents,
    to: withdrawn.amount_cents,
    ...(next.payment_method === 'stripe' && next.checkout_attempt !== undefined
      ? { attempt: next.checkout_attempt }
      : {}),
    expiresAt: checkoutExpiry(new Date()),
  });
  log.info('sibling fee moved after a withdrawal', { tryoutId: next.id, repriced });
}
