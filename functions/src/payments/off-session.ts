/**
 * Charging a card a family saved at checkout again without them (a team fee's later instalment), and what
 * Stripe says of a payment afterwards: the saved card it was made with, and Stripe's fee on it. Stripe answers
 * a declined off-session charge with a 402 card error carrying the PaymentIntent; that is an outcome here, not
 * an exception, so the caller records the decline and tells the family.
 */
import * as v from 'valibot';
import { PAYMENT_CURRENCY, type InstalmentDeclineReason } from '@club/shared';
import { callStripe, isStripeError } from './stripe-client';

/** Why a saved card was not charged, in the terms the family is told (shared INSTALMENT_DECLINE_REASONS). */
export type DeclineReason = InstalmentDeclineReason;

export type SavedCardCharge =
  | { kind: 'succeeded'; paymentIntentId: string }
  /** The money is on its way (Stripe's 'processing'): its payment_intent event says how it ends. */
  | { kind: 'processing'; paymentIntentId: string }
  /**
   * The card's bank said no, or the card can no longer be charged. The PaymentIntent is null only when Stripe
   * made none: the saved card or its Customer is gone (detached or deleted).
   */
  | { kind: 'declined'; paymentIntentId: string | null; reason: DeclineReason };

export interface SavedCardChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  /**
   * One per attempt meant (`instalment:<offerId>:<n>:<attempt>`): repeating the call after a crash or a lost
   * answer gets the same PaymentIntent and outcome back, never a second charge.
   */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

const IdSchema = v.union([v.string(), v.object({ id: v.string() })]);

/** The part of a PaymentIntent the product reads here. */
const PaymentIntentSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^pi_/)),
  status: v.string(),
  customer: v.nullish(IdSchema, null),
  payment_method: v.nullish(IdSchema, null),
  setup_future_usage: v.nullish(v.string(), null),
  latest_charge: v.nullish(
    v.union([
      v.string(),
      v.object({
        balance_transaction: v.nullish(v.union([v.string(), v.object({ fee: v.number() })]), null),
      }),
    ]),
    null,
  ),
});

const idOf = (value: string | { id: string } | null) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A card error's reason, from Stripe's error code and the bank's decline code: of a charge's 402 answer here,
 * and of a PaymentIntent's last_payment_error in its webhook event (instalment-fulfilment.ts).
 */
export function declineReasonOf(
  code: string | null | undefined,
  declineCode: string | null | undefined,
): DeclineReason {
  if (code === 'authentication_required' || declineCode === 'authentication_required')
    return 'authentication_required';
  if (code === 'expired_card' || declineCode === 'expired_card') return 'expired_card';
  if (declineCode === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'card_declined') return 'card_declined';
  return 'other';
}

/**
 * Charges a saved card off-session (created and confirmed at once, under the caller's idempotency key).
 * A card error is a decline; any other failure (Stripe unreachable, rate limited past the retries) is thrown,
 * and the caller tries again later under the same key.
 */
export async function chargeSavedCard(request: SavedCardChargeRequest): Promise<SavedCardCharge> {
  let answer: unknown;
  try {
    answer = await callStripe((stripe) =>
      stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: PAYMENT_CURRENCY,
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
  } catch (error) {
    if (isStripeError(error, 'StripeCardError')) {
      const intent = (error as { payment_intent?: { id?: unknown } }).payment_intent;
      return {
        kind: 'declined',
        paymentIntentId: typeof intent?.id === 'string' ? intent.id : null,
        reason: declineReasonOf(error.code, (error as { decline_code?: string }).decline_code),
      };
    }
    // The saved card or its Customer no longer exists: no later try can charge it either.
    if (
      isStripeError(error, 'StripeInvalidRequestError') &&
      error.code === 'resource_missing' &&
      ['customer', 'payment_method'].includes((error as { param?: string }).param ?? '')
    ) {
      return { kind: 'declined', paymentIntentId: null, reason: 'other' };
    }
    throw error;
  }
  const intent = v.parse(PaymentIntentSchema, answer);
  if (intent.status === 'succeeded') return { kind: 'succeeded', paymentIntentId: intent.id };
  if (intent.status === 'processing') return { kind: 'processing', paymentIntentId: intent.id };
  // Off-session, Stripe fails a card needing its holder with a card error; a PaymentIntent left waiting for
  // them is the same outcome.
  return {
    kind: 'declined',
    paymentIntentId: intent.id,
    reason: intent.status === 'requires_action' ? 'authentication_required' : 'other',
  };
}

/** A PaymentIntent as Stripe has it now (with what `expand` names); null when Stripe has no such payment. */
async function retrieveIntent(
  paymentIntentId: string,
  expand: string[],
): Promise<v.InferOutput<typeof PaymentIntentSchema> | null> {
  try {
    const intent = await callStripe((stripe) => stripe.paymentIntents.retrieve(paymentIntentId, { expand }));
    return v.parse(PaymentIntentSchema, intent);
  } catch (error) {
    if (isStripeError(error, 'StripeInvalidRequestError') && error.code === 'resource_missing') return null;
    throw error;
  }
}

/**
 * The card a payment saved for later charges (a checkout with `setup_future_usage: 'off_session'`): its
 * Customer and PaymentMethod. Null when the payment saved none, or Stripe has no such payment.
 */
export async function savedCardOf(
  paymentIntentId: string,
): Promise<{ customerId: string; paymentMethodId: string } | null> {
  const intent = await retrieveIntent(paymentIntentId, []);
  if (!intent || intent.setup_future_usage !== 'off_session') return null;
  const customerId = idOf(intent.customer);
  const paymentMethodId = idOf(intent.payment_method);
  return customerId && paymentMethodId ? { customerId, paymentMethodId } : null;
}

/**
 * Stripe's fee on a payment in cents, from its charge's balance transaction. Null where Stripe reports none:
 * no such payment, no successful charge, or a balance transaction not made yet.
 */
export async function stripeFeeOf(paymentIntentId: string): Promise<number | null> {
  const intent = await retrieveIntent(paymentIntentId, ['latest_charge.balance_transaction']);
  const charge = intent?.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const balance = charge.balance_transaction;
  return balance && typeof balance !== 'string' ? balance.fee : null;
}
