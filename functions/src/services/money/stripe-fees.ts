/**
 * What Stripe kept of a card payment (issue 46 §3), recorded best effort at fulfilment as `stripe_fee_cents`
 * on what the payment paid for, for the treasurer's view: the payment stands without it, and where Stripe
 * reports no fee (or does not answer) nothing is written and the view shows none. A family payment's one fee
 * is shared between its registrations in proportion to their amounts (largest remainder), so the parts add up
 * to Stripe's fee. Written once per payment, only on the items that payment paid (a condition on its id).
 */
import { updateTryoutIf } from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { recordInstalmentStripeFee } from '../../db/money/instalments';
import { recordTeamFeeStripeFee } from '../../db/money/team-fees';
import { log } from '../../lib/log';
import { stripeFeeOf } from '../../payments/off-session';

/** `fee` cents shared by `amounts`: proportional, each part whole cents, the remainders to the largest. */
export function shareFee(fee: number, amounts: readonly number[]): number[] {
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total <= 0) return amounts.map((_, i) => (i === 0 ? fee : 0));
  const exact = amounts.map((a) => (fee * a) / total);
  const parts = exact.map(Math.floor);
  let left = fee - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** Stripe's fee, or null when it reports none or cannot be read (logged without personal data). */
async function feeOf(paymentIntentId: string): Promise<number | null> {
  try {
    return await stripeFeeOf(paymentIntentId);
  } catch (error) {
    log.warn('stripe fee of a payment not read', { error: error instanceof Error ? error.name : 'unknown' });
    return null;
  }
}

/** A tryout payment's fee, shared by the registrations it paid. */
export async function recordRegistrationFees(
  tryouts: readonly RegistrationItem[],
  paymentIntentId: string | null,
): Promise<void> {
  if (!paymentIntentId || !tryouts.length || tryouts.every((t) => t.stripe_fee_cents !== undefined)) return;
  const fee = await feeOf(paymentIntentId);
  if (fee === null) return;
  const parts = shareFee(
    fee,
    tryouts.map((t) => t.amount_cents),
  );
  for (const [i, t] of tryouts.entries()) {
    try {
      await updateTryoutIf(t.season_id, t.player_id, {
        UpdateExpression: 'SET stripe_fee_cents = :fee',
        ConditionExpression:
          'attribute_exists(PK) AND payment_intent_id = :intent AND attribute_not_exists(stripe_fee_cents)',
        ExpressionAttributeValues: { ':fee': parts[i]!, ':intent': paymentIntentId },
      });
    } catch (error) {
      log.warn('stripe fee of a payment not recorded', {
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  }
}

/** A team fee payment's fee (of the fee paid in full, or of its first instalment), on the offer. */
export async function recordTeamFeeFee(
  offer: { season_id: string; player_id: string },
  paymentIntentId: string | null,
): Promise<void> {
  if (!paymentIntentId) return;
  const fee = await feeOf(paymentIntentId);
  if (fee === null) return;
  try {
    await recordTeamFeeStripeFee(offer.season_id, offer.player_id, paymentIntentId, fee);
  } catch (error) {
    log.warn('stripe fee of a team fee not recorded', {
      error: error instanceof Error ? error.name : 'unknown',
    });
  }
}

/** A later instalment's payment's fee (2..4, charged off-session or paid from its link), on the instalment. */
export async function recordInstalmentFee(
  instalment: { seasonId: string; playerId: string; n: number },
  paymentIntentId: string | null,
): Promise<void> {
  if (!paymentIntentId) return;
  const fee = await feeOf(paymentIntentId);
  if (fee === null) return;
  try {
    await recordInstalmentStripeFee(
      instalment.seasonId,
      instalment.playerId,
      instalment.n,
      paymentIntentId,
      fee,
    );
  } catch (error) {
    log.warn('stripe fee of an instalment not recorded', {
      error: error instanceof Error ? error.name : 'unknown',
    });
  }
}
