/** Stripe webhook deliveries: the signature check on the raw body, and the parsed events the product acts on. */
import * as v from 'valibot';
import { getStripeSecrets } from '../lib/config';
import { CheckoutSessionSchema, isStripeError, type CheckoutSession } from './checkout-sessions';
import { ChargeSchema, DisputeSchema, type StripeCharge, type StripeDispute } from './refunds';
import { stripeClient } from './stripe-client';

/** The Checkout events the product acts on; Stripe may send others to the same endpoint. */
export const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

/** A refund of a payment, however it was made (here or in Stripe's dashboard). */
const REFUND_EVENT_TYPES = ['charge.refunded'] as const;
/**
 * A payment itself succeeding or failing: what tells of a saved card charged off-session (an instalment),
 * which has no Checkout Session. Stripe sends them for a checkout's payment too.
 */
export const PAYMENT_INTENT_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
] as const;
export type PaymentIntentEventType = (typeof PAYMENT_INTENT_EVENT_TYPES)[number];

const IdSchema = v.union([v.string(), v.object({ id: v.string() })]);

/** The part of a PaymentIntent (payment_intent.*) the product reads. */
export const PaymentIntentEventSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^pi_/)),
  object: v.literal('payment_intent'),
  status: v.string(),
  amount: v.number(),
  amount_received: v.nullish(v.number(), 0),
  currency: v.string(),
  customer: v.nullish(IdSchema, null),
  payment_method: v.nullish(IdSchema, null),
  metadata: v.nullish(v.record(v.string(), v.string()), {}),
  last_payment_error: v.nullish(
    v.object({ code: v.nullish(v.string(), null), decline_code: v.nullish(v.string(), null) }),
    null,
  ),
});
export type StripePaymentIntent = v.InferOutput<typeof PaymentIntentEventSchema>;

/** A cardholder's bank disputing a payment, and the dispute's later course. */
const DISPUTE_EVENT_TYPES = [
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
] as const;

const EventSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^evt_\w+$/)),
  type: v.string(),
  data: v.object({ object: v.unknown() }),
});

export type VerifiedEvent =
  | { kind: 'checkout'; id: string; type: CheckoutEventType; session: CheckoutSession }
  | { kind: 'refund'; id: string; type: string; charge: StripeCharge }
  | { kind: 'dispute'; id: string; type: string; dispute: StripeDispute }
  | { kind: 'payment_intent'; id: string; type: PaymentIntentEventType; intent: StripePaymentIntent }
  | { kind: 'other'; id: string; type: string }
  | { kind: 'malformed'; id: string | null; type: string | null };

/**
 * Checks the `stripe-signature` header against the raw body with the webhook secret (Stripe's default 300 s
 * tolerance against replays of old deliveries), then parses the event. Null when the signature is not valid:
 * missing, tampered, stale or made with another secret.
 */
export async function verifyWebhookEvent(rawBody: string, signature: string): Promise<VerifiedEvent | null> {
  const [stripe, { webhookSecret }] = await Promise.all([stripeClient(), getStripeSecrets()]);
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    if (isStripeError(error, 'StripeSignatureVerificationError')) return null;
    throw error;
  }
  const parsed = v.safeParse(EventSchema, event);
  if (!parsed.success) return { kind: 'malformed', id: null, type: null };
  const { id, type, data } = parsed.output;
  if ((REFUND_EVENT_TYPES as readonly string[]).includes(type)) {
    const charge = v.safeParse(ChargeSchema, data.object);
    return charge.success
      ? { kind: 'refund', id, type, charge: charge.output }
      : { kind: 'malformed', id, type };
  }
  if ((DISPUTE_EVENT_TYPES as readonly string[]).includes(type)) {
    const dispute = v.safeParse(DisputeSchema, data.object);
    return dispute.success
      ? { kind: 'dispute', id, type, dispute: dispute.output }
      : { kind: 'malformed', id, type };
  }
  if ((PAYMENT_INTENT_EVENT_TYPES as readonly string[]).includes(type)) {
    const intent = v.safeParse(PaymentIntentEventSchema, data.object);
    return intent.success
      ? { kind: 'payment_intent', id, type: type as PaymentIntentEventType, intent: intent.output }
      : { kind: 'malformed', id, type };
  }
  if (!(CHECKOUT_EVENT_TYPES as readonly string[]).includes(type)) return { kind: 'other', id, type };
  const session = v.safeParse(CheckoutSessionSchema, data.object);
  if (!session.success) return { kind: 'malformed', id, type };
  return { kind: 'checkout', id, type: type as CheckoutEventType, session: session.output };
}
