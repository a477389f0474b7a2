/**
 * Stripe's side of refunds and disputes: creating a refund of a registration's payment, listing the refunds
 * a payment has (however they were made: here or in Stripe's dashboard), finding the Checkout Session a
 * payment came from, and the shapes of the charge and dispute that webhook events carry, parsed with valibot
 * like every outside input.
 */
import * as v from 'valibot';
import { CheckoutSessionSchema, type CheckoutSession } from './checkout-sessions';
import { callStripe } from './stripe-client';

/** The part of a Refund the product reads. */
export const RefundSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^re_/)),
  amount: v.number(),
  status: v.nullish(v.string(), null),
  payment_intent: v.nullish(v.union([v.string(), v.object({ id: v.string() })]), null),
  metadata: v.nullish(v.record(v.string(), v.string()), {}),
  reason: v.nullish(v.string(), null),
  created: v.number(),
});
export type StripeRefund = v.InferOutput<typeof RefundSchema>;

/** The part of a Charge (charge.refunded) the product reads. */
export const ChargeSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^ch_/)),
  object: v.literal('charge'),
  payment_intent: v.nullish(v.union([v.string(), v.object({ id: v.string() })]), null),
  amount: v.number(),
  amount_refunded: v.number(),
});
export type StripeCharge = v.InferOutput<typeof ChargeSchema>;

/** The part of a Dispute (charge.dispute.*) the product reads. */
export const DisputeSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^(dp|du)_/)),
  object: v.literal('dispute'),
  payment_intent: v.nullish(v.union([v.string(), v.object({ id: v.string() })]), null),
  amount: v.number(),
  status: v.string(),
  reason: v.nullish(v.string(), null),
});
export type StripeDispute = v.InferOutput<typeof DisputeSchema>;

/** An id Stripe sent as an id or expanded. */
export function idOf(value: string | { id: string } | null): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/**
 * Refunds part or all of a payment. The idempotency key is the admin's refund (one per refund meant), so a
 * retried request after a lost answer gets the same refund back instead of a second one.
 */
export async function createRefund(input: {
  paymentIntentId: string;
  amountCents: number;
  tryoutId: string;
  refundKey: string;
}): Promise<StripeRefund> {
  const refund = await callStripe((stripe) =>
    stripe.refunds.create(
      {
        payment_intent: input.paymentIntentId,
        amount: input.amountCents,
        metadata: { tryout_id: input.tryoutId, refund_key: input.refundKey },
      },
      { idempotencyKey: `refund:${input.tryoutId}:${input.refundKey}` },
    ),
  );
  return v.parse(RefundSchema, refund);
}

/**
 * Refunds part or all of a team fee's payment (issue 45 §4), keyed by the admin's refund like a registration's,
 * and named in its metadata so Stripe's event finds the offer.
 */
export async function createTeamFeeRefund(input: {
  paymentIntentId: string;
  amountCents: number;
  offerId: string;
  refundKey: string;
}): Promise<StripeRefund> {
  const refund = await callStripe((stripe) =>
    stripe.refunds.create(
      {
        payment_intent: input.paymentIntentId,
        amount: input.amountCents,
        metadata: { kind: 'team_fee', offer_id: input.offerId, refund_key: input.refundKey },
      },
      { idempotencyKey: `team-fee-refund:${input.offerId}:${input.refundKey}` },
    ),
  );
  return v.parse(RefundSchema, refund);
}

/** Every refund of a payment, newest first (a registration has a handful at most). */
export async function listRefunds(paymentIntentId: string): Promise<StripeRefund[]> {
  const page = await callStripe((stripe) =>
    stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }),
  );
  return page.data.map((refund) => v.parse(RefundSchema, refund));
}

/** The Checkout Session a payment was made on (it names the registration); null when there is none. */
export async function sessionOfPayment(paymentIntentId: string): Promise<CheckoutSession | null> {
  const page = await callStripe((stripe) =>
    stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 }),
  );
  const session = page.data[0];
  return session ? v.parse(CheckoutSessionSchema, session) : null;
}

/** The card a payment was made with, as its latest charge says (issue 36: the receipt names it). */
const PaymentIntentCardSchema = v.object({
  latest_charge: v.object({
    payment_method_details: v.nullish(
      v.object({
        card: v.nullish(v.object({ brand: v.string(), last4: v.pipe(v.string(), v.regex(/^\d{4}$/)) })),
      }),
    ),
  }),
});

/** The brand and last 4 digits of the card a payment was made with; null when it was not a card. */
export async function paymentCardOf(
  paymentIntentId: string,
): Promise<{ brand: string; last4: string } | null> {
  const intent = await callStripe((stripe) =>
    stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }),
  );
  const parsed = v.safeParse(PaymentIntentCardSchema, intent);
  const card = parsed.success ? parsed.output.latest_charge.payment_method_details?.card : null;
  return card ? { brand: card.brand, last4: card.last4 } : null;
}
