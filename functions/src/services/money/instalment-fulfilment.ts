/**
 * What Stripe's webhook says of an instalment's off-session charge (issue 46): `payment_intent.succeeded` and
 * `payment_intent.payment_failed` of a PaymentIntent the instalment sweep made (metadata kind
 * `team_fee_instalment`). Each is applied by one condition with the event's marker in the same transaction
 * (db/money/instalments.ts), so the sweep's own record and the webhook, in either order, or the event
 * replayed, record the payment once; a failure is recorded only for the attempt it names.
 */
import { offerId as offerIds, PAYMENT_CURRENCY } from '@club/shared';
import * as instalmentsTable from '../../db/money/instalments';
import { markAlone, type Marker } from '../../db/platform/exactly-once';
import { log } from '../../lib/log';
import type { StripePaymentIntent } from '../../payments/webhook-events';
import { mailInstalmentDeclineOnce } from '../mail/instalment-mail';
import { INSTALMENT_KIND } from './instalment-sweep';

/** Whether a PaymentIntent is an instalment's off-session charge (its metadata says so). */
export function isInstalmentIntent(intent: StripePaymentIntent): boolean {
  return intent.metadata.kind === INSTALMENT_KIND;
}

type DeclineReason =
  'card_declined' | 'insufficient_funds' | 'expired_card' | 'authentication_required' | 'other';

function reasonOf(intent: StripePaymentIntent): DeclineReason {
  const error = intent.last_payment_error;
  const code = error?.code ?? '';
  const decline = error?.decline_code ?? '';
  if (code === 'authentication_required' || decline === 'authentication_required')
    return 'authentication_required';
  if (code === 'expired_card' || decline === 'expired_card') return 'expired_card';
  if (decline === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'card_declined') return 'card_declined';
  return 'other';
}

export async function fulfilInstalmentIntent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intent: StripePaymentIntent,
  marker: Marker,
): Promise<void> {
  const now = new Date();
  const ids = offerIds.parse(intent.metadata.offer_id ?? '');
  const n = Number(intent.metadata.instalment);
  const attempt = Number(intent.metadata.attempt);
  if (
    !ids ||
    !Number.isInteger(n) ||
    n < 2 ||
    !Number.isInteger(attempt) ||
    attempt < 1 ||
    intent.currency !== PAYMENT_CURRENCY
  ) {
    log.error('instalment payment event does not name an instalment; nothing changed', {
      eventId: marker.id,
    });
    await markAlone(marker, now);
    return;
  }
  const at = { seasonId: ids.seasonId, playerId: ids.playerId, n, now, marker };
  if (type === 'payment_intent.succeeded') {
    const outcome = await instalmentsTable.recordInstalmentPaid({
      ...at,
      amountCents: intent.amount,
      paymentIntentId: intent.id,
    });
    log.info('instalment payment event applied', { offerId: intent.metadata.offer_id, n, outcome });
    return;
  }
  const outcome = await instalmentsTable.recordInstalmentDeclined({
    ...at,
    attempts: attempt,
    reason: reasonOf(intent),
    paymentIntentId: intent.id,
  });
  log.info('instalment failure event applied', { offerId: intent.metadata.offer_id, n, outcome });
  if (outcome === 'changed') {
    await mailInstalmentDeclineOnce({
      season_id: ids.seasonId,
      player_id: ids.playerId,
      n,
      attempts: attempt,
    });
  }
}
