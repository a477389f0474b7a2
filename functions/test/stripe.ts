/**
 * Test helpers for card payments against the local Stripe stand-in (started by global-setup): reading a
 * session there as Stripe has it, pressing its Pay button, and delivering webhook events signed the way
 * Stripe signs them (the functions tests run without a webhook URL, so they post the events themselves).
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { call, type CallResult } from './api';
import { registeredPlayer } from './players';

type Session = Stripe.Checkout.Session;

const standIn = () => process.env.STRIPE_API_BASE!;
const auth = () => ({ authorization: `Bearer ${process.env.STRIPE_SECRET_KEY!}` });

/** A session as the stand-in has it now. */
export async function sessionOnStandIn(sessionId: string): Promise<Session> {
  const res = await fetch(`${standIn()}/v1/checkout/sessions/${sessionId}`, { headers: auth() });
  if (!res.ok) throw new Error(`stand-in answered ${res.status} for ${sessionId}`);
  return (await res.json()) as Session;
}

/** The session id a checkout URL of the stand-in names. */
export function sessionIdOf(url: string): string {
  const id = new URL(url).pathname.split('/').pop();
  if (!id?.startsWith('cs_test_')) throw new Error(`not a stand-in checkout URL: ${url}`);
  return id;
}

/** Presses Pay on the checkout page (no webhook is sent in tests); returns the session as Stripe now has it. */
export async function payOnStandIn(sessionId: string): Promise<Session> {
  const res = await fetch(`${standIn()}/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`pay answered ${res.status}`);
  return sessionOnStandIn(sessionId);
}

/**
 * Presses "Pay, settles later" (a bank debit): the session completes with its money still to arrive
 * (payment_status 'unpaid'); returns the session as Stripe now has it.
 */
export async function payLaterOnStandIn(sessionId: string): Promise<Session> {
  const res = await fetch(`${standIn()}/checkout/${sessionId}/pay-later`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`pay-later answered ${res.status}`);
  return sessionOnStandIn(sessionId);
}

/** Ends a settling payment on the stand-in: the money arrives ('clears') or not ('fails'). */
export async function settleOnStandIn(sessionId: string, ending: 'clears' | 'fails'): Promise<Session> {
  const action = ending === 'clears' ? 'settle' : 'settle-fail';
  const res = await fetch(`${standIn()}/checkout/${sessionId}/${action}`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`${action} answered ${res.status}`);
  return sessionOnStandIn(sessionId);
}

export type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'payment_intent.created'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'charge.refunded'
  | 'charge.dispute.created';

/** A Stripe event around a session, as JSON text, with a fresh id unless one is given. */
export function eventPayload(type: CheckoutEventType, session: object, id = newEventId()): string {
  return JSON.stringify(
    {
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: session },
    },
    null,
    2,
  );
}

export function newEventId(): string {
  return `evt_test_${randomBytes(12).toString('hex')}`;
}

/** The stripe-signature header Stripe would send for a payload (the test's secret and time unless given). */
export function signatureFor(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? process.env.STRIPE_WEBHOOK_SECRET!,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

/** Posts a payload to the webhook endpoint as Stripe would, signed unless a signature is given. */
export function deliver(payload: string, signature = signatureFor(payload)): Promise<CallResult> {
  return call('stripeWebhook', {
    body: payload,
    headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Signs and delivers one event about a session. */
export function deliverEvent(type: CheckoutEventType, session: object, id?: string): Promise<CallResult> {
  return deliver(eventPayload(type, session, id));
}

/**
 * What the club does in Stripe's own dashboard, on the stand-in: refunds a payment (all, or `amount` cents)
 * or has it disputed. Answers the refund or dispute and the charge as it now is, for the test's event.
 */
export async function inStripeDashboard(
  paymentIntentId: string,
  action: 'refund' | 'dispute',
  amount?: number,
): Promise<{ charge: object; refund?: { id: string }; dispute?: object }> {
  const res = await fetch(`${standIn()}/dashboard/payments/${paymentIntentId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: amount === undefined ? '' : `amount=${amount}`,
  });
  if (!res.ok) throw new Error(`dashboard ${action} answered ${res.status}`);
  return (await res.json()) as { charge: object; refund?: { id: string }; dispute?: object };
}

/** The refunds the stand-in has made of a payment, newest first. */
export async function refundsOnStandIn(
  paymentIntentId: string,
): Promise<Array<{ id: string; amount: number; metadata: Record<string, string> }>> {
  const res = await fetch(`${standIn()}/v1/refunds?payment_intent=${paymentIntentId}`, { headers: auth() });
  return (
    (await res.json()) as { data: Array<{ id: string; amount: number; metadata: Record<string, string> }> }
  ).data;
}

/**
 * A card registration of the active season, paid on the stand-in and confirmed, with its registration's id
 * and its PaymentIntent (refund tests start from one).
 */
export async function paidByCard(seasonId: string) {
  const player = await registeredPlayer('stripe');
  const sessionId = sessionIdOf(player.url!);
  const session = await payOnStandIn(sessionId);
  const confirmed = await call('confirmPayment', { token: player.token, query: { session_id: sessionId } });
  if (confirmed.body.payment_status !== 'paid') throw new Error('the card payment was not confirmed');
  return { ...player, tryoutId: `${seasonId}.${player.id}`, intent: session.payment_intent as string };
}
