/**
 * What Stripe says about a card payment, applied exactly once: the webhook's events (checkout sessions,
 * refunds, disputes), the success page's confirmation and "pay again" (checkout.ts) all go through one
 * idempotent fulfilment, which first checks that the session is really for the registrations it names.
 */
import {
  PAYMENT_CURRENCY,
  reportedStatus,
  serverMessages,
  tryoutId,
  type AccessTokenClaims,
  type PaymentConfirmation,
} from '@club/shared';
import { isMarked, markAlone, type Marker } from '../../db/platform/exactly-once';
import { getOffer as teamFeeOfferNow } from '../../db/offers/offers';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import * as paymentsTable from '../../db/money/payments';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { log } from '../../lib/log';
import {
  isStripeError,
  paymentIntentIdOf,
  retrieveCheckoutSession,
  type CheckoutSession,
} from '../../payments/checkout-sessions';
import { idOf, listRefunds, paymentCardOf, sessionOfPayment } from '../../payments/refunds';
import { verifyWebhookEvent, type CheckoutEventType } from '../../payments/webhook-events';
import { mailConfirmationOnce } from '../mail/confirmation-mail';
import { applyDispute, reconcileRefunds } from './refunds';
import { recordRegistrationFees } from './stripe-fees';
import { fulfilInstalmentIntent, isInstalmentIntent } from './instalment-fulfilment';
import { changeOf as teamFeeChangeOf, fulfilTeamFee, isTeamFeeSession } from './team-fee-fulfilment';
import { reconcileTeamFeeRefunds } from './team-fee-refunds';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';
/** Runs Stripe calls; Stripe failing (down, slow, refusing) is a 503 the player may retry, logged without personal data. */
export async function viaStripe<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    log.warn('stripe call failed', { what, error: error.type, code: error.code ?? null });
    throw new ServiceUnavailableError(serverMessages.paymentsUnavailable);
  }
}

/** What a session's state says about the payment (confirmation, "pay again"); null while it is open. */
export function changeFromSession(session: CheckoutSession): paymentsTable.PaymentChange | null {
  if (session.status === 'complete') {
    return session.payment_status === 'paid'
      ? { kind: 'paid', sessionId: session.id, paymentIntentId: paymentIntentIdOf(session) }
      : { kind: 'processing', sessionId: session.id };
  }
  if (session.status === 'expired') return { kind: 'expired', sessionId: session.id };
  return null;
}

/** What a webhook event says about the payment. */
function changeFromEvent(type: CheckoutEventType, session: CheckoutSession): paymentsTable.PaymentChange {
  switch (type) {
    case 'checkout.session.completed':
      return session.payment_status === 'paid'
        ? { kind: 'paid', sessionId: session.id, paymentIntentId: paymentIntentIdOf(session) }
        : { kind: 'processing', sessionId: session.id };
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'paid', sessionId: session.id, paymentIntentId: paymentIntentIdOf(session) };
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed', sessionId: session.id };
    case 'checkout.session.expired':
      return { kind: 'expired', sessionId: session.id };
  }
}

/**
 * The one fulfilment: finds the registrations the session is for (its client_reference_id: one registration,
 * or a family checkout's group), checks the session is really for them (metadata, amount and currency), and
 * applies the change idempotently (db applyPaymentChange) to each. A session that does not match changes
 * nothing and is logged as an error. Returns the registrations as they were read (none when the session is
 * not for ours).
 */
export async function fulfil(
  session: CheckoutSession,
  change: paymentsTable.PaymentChange | null,
  options: { source: string; marker?: Marker },
): Promise<RegistrationItem[]> {
  const now = new Date();
  const tryouts = await registrationsOfSession(session);
  if (tryouts.length === 0) {
    log.error('checkout session does not match a registration; nothing changed', { sessionId: session.id });
    if (options.marker) await markAlone(options.marker, now);
    return [];
  }
  if (!change) {
    if (options.marker) await markAlone(options.marker, now);
    return tryouts;
  }
  if (tryouts.length === 1 && !session.metadata.checkout_group_id) {
    const [tryout] = tryouts as [RegistrationItem];
    const outcome = await paymentsTable.applyPaymentChange({
      seasonId: tryout.season_id,
      playerId: tryout.player_id,
      change,
      source: options.source,
      now,
      marker: options.marker,
    });
    log.info('checkout session applied', { tryoutId: tryout.id, change: change.kind, outcome });
  } else {
    // A family checkout: each registration's change is idempotent by its own condition (a redelivery or a
    // concurrent delivery finds it made), and the event is marked once all are applied.
    for (const tryout of tryouts) {
      const outcome = await paymentsTable.applyPaymentChange({
        seasonId: tryout.season_id,
        playerId: tryout.player_id,
        change,
        source: options.source,
        now,
      });
      log.info('family checkout session applied', { tryoutId: tryout.id, change: change.kind, outcome });
    }
    if (options.marker) await markAlone(options.marker, now);
  }
  // Paid: the registrations are complete. Claimed once, so the webhook and the family's return both try it.
  // A family checkout's registrations are confirmed in one mail (issue 36).
  if (change.kind === 'paid') {
    await recordCard(tryouts, change.paymentIntentId);
    await recordRegistrationFees(tryouts, change.paymentIntentId);
    await mailConfirmationOnce(tryouts);
  }
  return tryouts;
}

/**
 * The card a payment was made with (brand, last 4), kept on its registrations for the receipt (issue 36).
 * Best effort: the payment stands without it, and the receipt then says "Card".
 */
async function recordCard(
  tryouts: readonly RegistrationItem[],
  paymentIntentId: string | null,
): Promise<void> {
  if (!paymentIntentId || tryouts.every((t) => t.card_last4)) return;
  try {
    const card = await paymentCardOf(paymentIntentId);
    if (!card) return;
    for (const t of tryouts) {
      await tryoutsTable.updateTryoutIf(t.season_id, t.player_id, {
        UpdateExpression: 'SET card_brand = :brand, card_last4 = :last4',
        ConditionExpression: 'attribute_exists(PK) AND payment_intent_id = :intent',
        ExpressionAttributeValues: { ':brand': card.brand, ':last4': card.last4, ':intent': paymentIntentId },
      });
    }
  } catch (error) {
    log.warn('card of a payment not read', { error: error instanceof Error ? error.name : 'unknown' });
  }
}

/** The registrations a session is for, when it is ours and really theirs (none otherwise). */
async function registrationsOfSession(session: CheckoutSession): Promise<RegistrationItem[]> {
  const { metadata } = session;
  if (metadata.checkout_group_id) {
    const group = metadata.season_id
      ? await paymentsTable.getCheckoutGroup(metadata.season_id, metadata.checkout_group_id)
      : null;
    if (!group) return [];
    const read = await tryoutsTable.getTryoutsOf(
      group.season_id,
      group.members.map((m) => m.player_id),
    );
    // In the group's order (a batch read answers in any order), the order its line items were charged in.
    const tryouts = group.members.flatMap((m) => read.filter((t) => t.player_id === m.player_id));
    return familySessionMatches(session, group, tryouts) ? tryouts : [];
  }
  const ids = tryoutId.parse(session.client_reference_id ?? '');
  const tryout = ids ? await tryoutsTable.getTryout(ids.seasonId, ids.playerId) : null;
  return tryout && sessionMatches(session, tryout) ? [tryout] : [];
}

function sessionMatches(session: CheckoutSession, tryout: RegistrationItem): boolean {
  const metadata = session.metadata;
  return (
    tryout.payment_method === 'stripe' &&
    metadata.tryout_id === tryout.id &&
    metadata.season_id === tryout.season_id &&
    metadata.user_id === tryout.user_id &&
    session.amount_total === tryout.amount_cents &&
    session.currency === PAYMENT_CURRENCY
  );
}

/**
 * A family session is its group's when it names the group and its account, charges the group's total, and
 * every registration of the group is there with the amount the group charged for it.
 */
function familySessionMatches(
  session: CheckoutSession,
  group: paymentsTable.CheckoutGroup,
  tryouts: RegistrationItem[],
): boolean {
  const total = group.members.reduce((sum, m) => sum + m.amount_cents, 0);
  return (
    session.client_reference_id === `family:${group.group_id}` &&
    session.metadata.user_id === group.user_id &&
    session.amount_total === total &&
    session.currency === PAYMENT_CURRENCY &&
    tryouts.length === group.members.length &&
    group.members.every((m) =>
      tryouts.some((t) => t.player_id === m.player_id && t.amount_cents === m.amount_cents),
    )
  );
}

/**
 * POST /payments/webhook: a delivery from Stripe. The signature is checked on the raw body first (400 and
 * nothing changed when it fails); an event already processed is acknowledged without acting again.
 */
export async function handleStripeWebhook(rawBody: string, signature: string): Promise<{ received: true }> {
  const event = await verifyWebhookEvent(rawBody, signature);
  if (!event) throw new BadRequestError(serverMessages.invalidSignature);
  switch (event.kind) {
    case 'other':
      log.info('stripe event ignored', { eventId: event.id, type: event.type });
      return { received: true };
    case 'payment_intent':
      // A team fee instalment charged off-session (issue 46) is recorded from its payment's own events; a
      // checkout's payment is recorded from its session's events.
      if (isInstalmentIntent(event.intent)) {
        await fulfilInstalmentIntent(event.type, event.intent, {
          scope: 'stripe-event',
          id: event.id,
          detail: { event_type: event.type },
        });
        return { received: true };
      }
      log.info('stripe event ignored', { eventId: event.id, type: event.type });
      return { received: true };
    case 'malformed':
      // Acknowledged: Stripe would redeliver the same unreadable event for days.
      log.error('stripe event could not be read', { eventId: event.id, type: event.type });
      return { received: true };
    case 'checkout': {
      const marker: Marker = { scope: 'stripe-event', id: event.id, detail: { event_type: event.type } };
      if (await isMarked(marker)) return { received: true };
      const change = changeFromEvent(event.type, event.session);
      // A team fee's session (issue 45 §4) names an offer, not registrations.
      if (isTeamFeeSession(event.session)) {
        await fulfilTeamFee(event.session, change, { source: event.id, marker });
        return { received: true };
      }
      await fulfil(event.session, change, { source: event.id, marker });
      return { received: true };
    }
    case 'refund':
    case 'dispute': {
      // Each step is idempotent by itself (a refund by its key, a dispute by its values); the marker only
      // spares a redelivery the Stripe calls, so it is written once everything is recorded.
      const marker: Marker = { scope: 'stripe-event', id: event.id, detail: { event_type: event.type } };
      if (await isMarked(marker)) return { received: true };
      const object = event.kind === 'refund' ? event.charge : event.dispute;
      const paymentIntentId = idOf(object.payment_intent);
      // A team fee's payment (issue 45 §4): its refunds are the offer's.
      if (event.kind === 'refund' && paymentIntentId) {
        const session = await viaStripe('payment lookup', () => sessionOfPayment(paymentIntentId));
        if (session && isTeamFeeSession(session)) {
          const refunds = await viaStripe('refund list', () => listRefunds(paymentIntentId));
          await reconcileTeamFeeRefunds(session, paymentIntentId, refunds);
          await markAlone(marker, new Date());
          return { received: true };
        }
      }
      const tryouts = paymentIntentId
        ? await viaStripe('payment lookup', () => registrationsOfPayment(paymentIntentId))
        : [];
      if (tryouts.length === 0 || !paymentIntentId) {
        log.error('stripe payment does not match a registration; nothing changed', {
          eventId: event.id,
          type: event.type,
        });
      } else if (event.kind === 'refund') {
        const refunds = await viaStripe('refund list', () => listRefunds(paymentIntentId));
        await reconcileRefunds(tryouts, refunds);
      } else {
        // A dispute is of the whole payment: every registration it paid for shows it.
        for (const tryout of tryouts) await applyDispute(tryout, event.dispute);
      }
      await markAlone(marker, new Date());
      return { received: true };
    }
  }
}

/**
 * The registrations a payment was for: the Checkout Session it was made on names them (one, or a family
 * checkout's), and they must agree (the same session checks as fulfilment, and the payment each recorded).
 * None when not ours.
 */
async function registrationsOfPayment(paymentIntentId: string): Promise<RegistrationItem[]> {
  const session = await sessionOfPayment(paymentIntentId);
  const tryouts = session ? await registrationsOfSession(session) : [];
  return tryouts.filter((t) => t.payment_intent_id === paymentIntentId);
}

/**
 * GET /payments/confirm?session_id=: the success page's check. Only the player whose registration the
 * session is for may use it (anyone else gets the same 404 as an unknown session, and nothing changes).
 */
export async function confirmPayment(
  caller: AccessTokenClaims,
  sessionId: string,
): Promise<PaymentConfirmation> {
  await requireWithinLimit(rateLimits.confirmUser, caller.sub);
  const session = await viaStripe('confirm', () => retrieveCheckoutSession(sessionId));
  // The session's account (our own metadata, checked against the registration by fulfil) must be the caller.
  if (!session || session.metadata.user_id !== caller.sub)
    throw new NotFoundError(serverMessages.paymentNotFound);
  // A team fee's return from checkout (issue 45 §4): the offer's fee says where the payment stands.
  if (isTeamFeeSession(session)) {
    const offer = await fulfilTeamFee(session, teamFeeChangeOf(session), { source: 'confirm' });
    if (!offer) throw new NotFoundError(serverMessages.paymentNotFound);
    const after = (await teamFeeOfferNow(offer.season_id, offer.player_id)) as TeamFeeOffer | null;
    return {
      payment_status: after?.fee_state === 'paid' ? 'paid' : after?.fee_processing ? 'processing' : 'pending',
      team_fee_cents: offer.fee_cents,
    };
  }
  // A family checkout's registrations move together: the first one says where the payment stands.
  const [tryout] = await fulfil(session, changeFromSession(session), { source: 'confirm' });
  const after = tryout ? await tryoutsTable.getTryout(tryout.season_id, tryout.player_id) : null;
  if (!after) throw new NotFoundError(serverMessages.paymentNotFound);
  return { payment_status: reportedStatus(after) };
}
