/**
 * What Stripe's webhook says of an instalment's off-session charge (issue 46): `payment_intent.succeeded` and
 * `payment_intent.payment_failed` of a PaymentIntent the instalment sweep made (metadata kind
 * `team_fee_instalment`). Each is applied by one condition with the event's marker in the same transaction
 * (db/money/instalments.ts), so the sweep's own record and the webhook, in either order, or the event
 * replayed, record the payment once; a failure is recorded only for the attempt it names. And what the
 * family's own checkout of one instalment (its link after a decline) says, applied the same way.
 */
import { offerId as offerIds, PAYMENT_CURRENCY } from '@club/shared';
import * as instalmentsTable from '../../db/money/instalments';
import type { PaymentChange } from '../../db/money/payments';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { markAlone, type Marker } from '../../db/platform/exactly-once';
import { log } from '../../lib/log';
import { TEAM_FEE_KIND, type CheckoutSession } from '../../payments/checkout-sessions';
import { declineReasonOf, savedCardOf } from '../../payments/off-session';
import type { StripePaymentIntent } from '../../payments/webhook-events';
import { mailInstalmentDeclineOnce, mailInstalmentPaidOnce } from '../mail/instalment-mail';
import { recordInstalmentFee } from './stripe-fees';

/** The metadata kind of an instalment's off-session PaymentIntent: its webhook events come back here. */
export const INSTALMENT_KIND = 'team_fee_instalment';

/** Whether a PaymentIntent is an instalment's off-session charge (its metadata says so). */
export function isInstalmentIntent(intent: StripePaymentIntent): boolean {
  return intent.metadata.kind === INSTALMENT_KIND;
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
    if (outcome !== 'duplicate') await recordInstalmentFee(at, intent.id);
    if (outcome !== 'duplicate') await mailInstalmentPaidOnce(ids.seasonId, ids.playerId, n);
    return;
  }
  const outcome = await instalmentsTable.recordInstalmentDeclined({
    ...at,
    attempts: attempt,
    reason: declineReasonOf(intent.last_payment_error?.code, intent.last_payment_error?.decline_code),
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

export function changeOfSession(session: CheckoutSession): PaymentChange | null {
  if (session.status === 'complete') {
    const intent = session.payment_intent;
    const paymentIntentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
    return session.payment_status === 'paid'
      ? { kind: 'paid', sessionId: session.id, paymentIntentId }
      : { kind: 'processing', sessionId: session.id };
  }
  if (session.status === 'expired') return { kind: 'expired', sessionId: session.id };
  return null;
}

/** The instalment a team fee session pays (its metadata's `instalment`, 2..4), or null for the fee's own. */
export function instalmentOfSession(session: CheckoutSession): number | null {
  const n = Number(session.metadata.instalment ?? '1');
  return Number.isInteger(n) && n >= 2 && n <= 4 ? n : null;
}

/**
 * An instalment's checkout session applied once: it must name the offer and pay the instalment's own amount
 * in the club's currency. Paid: recorded (with the event's marker in the same transaction), and the card it
 * saved kept for the instalments still to come. Processing, expired or failed: the page's state, for its own
 * session only.
 */
export async function fulfilInstalmentSession(
  offer: TeamFeeOffer,
  session: CheckoutSession,
  change: PaymentChange | null,
  options: { source: string; marker?: Marker },
): Promise<void> {
  const now = new Date();
  const n = instalmentOfSession(session);
  const item = n ? await instalmentsTable.getInstalment(offer.season_id, offer.player_id, n) : null;
  const matches =
    item !== null &&
    session.client_reference_id === `${TEAM_FEE_KIND}:${offer.id}` &&
    session.metadata.offer_id === offer.id &&
    session.metadata.season_id === offer.season_id &&
    session.amount_total === item.amount_cents &&
    session.currency === PAYMENT_CURRENCY;
  if (!item || !matches || !change) {
    if (!matches) log.error('instalment session does not match; nothing changed', { sessionId: session.id });
    if (options.marker) await markAlone(options.marker, now);
    return;
  }
  const at = { seasonId: offer.season_id, playerId: offer.player_id, n: item.n, now };
  const marker = options.marker ? { marker: options.marker } : {};
  if (change.kind === 'paid') {
    const outcome = await instalmentsTable.recordInstalmentPaid({
      ...at,
      ...marker,
      amountCents: item.amount_cents,
      paymentIntentId: change.paymentIntentId,
    });
    log.info('instalment session applied', { offerId: offer.id, n: item.n, outcome });
    if (outcome !== 'duplicate') await recordInstalmentFee(at, change.paymentIntentId);
    if (change.paymentIntentId) await keepCard(offer, change.paymentIntentId);
    // Mailed by whoever can queue it: the family's return, the webhook, the sweep. The instalment page's own
    // calls ('checkout': its start, a withdraw, a rescind) have no family-mail queue; Stripe's news of the
    // same payment mails it.
    if (outcome !== 'duplicate' && options.source !== 'checkout')
      await mailInstalmentPaidOnce(offer.season_id, offer.player_id, item.n);
    return;
  }
  await instalmentsTable.applyInstalmentSessionChange({
    ...at,
    ...marker,
    sessionId: session.id,
    kind: change.kind === 'processing' ? 'processing' : 'closed',
  });
}

/** The card the family just paid with, for the instalments still to come; best effort. */
async function keepCard(offer: TeamFeeOffer, paymentIntentId: string): Promise<void> {
  try {
    const card = await savedCardOf(paymentIntentId);
    if (card) await instalmentsTable.saveCardForLaterInstalments(offer.season_id, offer.player_id, card);
  } catch (error) {
    log.warn('saved card of an instalment not read', {
      error: error instanceof Error ? error.name : 'unknown',
    });
  }
}
