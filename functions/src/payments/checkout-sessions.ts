/**
 * Stripe Checkout Sessions: creating one for a registration's checkout attempt, reading and expiring one, and
 * the shape of a session as Stripe's answers and webhook events carry it, parsed with valibot like every
 * outside input.
 */
import * as v from 'valibot';
import { PAYMENT_CURRENCY, type AgeGroup } from '@club/shared';
import { getConfig } from '../lib/config';
import { callStripe, isStripeError } from './stripe-client';

export { isStripeError };

/** The part of a Checkout Session the product reads; other fields are ignored. */
export const CheckoutSessionSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^cs_/)),
  object: v.literal('checkout.session'),
  status: v.nullable(v.picklist(['open', 'complete', 'expired'])),
  payment_status: v.picklist(['paid', 'unpaid', 'no_payment_required']),
  client_reference_id: v.nullable(v.string()),
  metadata: v.nullish(v.record(v.string(), v.string()), {}),
  amount_total: v.nullable(v.number()),
  currency: v.nullable(v.string()),
  payment_intent: v.nullish(v.union([v.string(), v.object({ id: v.string() })]), null),
  /** The Customer a card was saved to (a checkout that saves it), or the one it was given. */
  customer: v.nullish(v.union([v.string(), v.object({ id: v.string() })]), null),
  url: v.nullish(v.string(), null),
});
export type CheckoutSession = v.InferOutput<typeof CheckoutSessionSchema>;

/** The PaymentIntent's id, whether Stripe sent it as an id or expanded. */
export function paymentIntentIdOf(session: CheckoutSession): string | null {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/** One registration a session pays for: one line item. */
export interface CheckoutLine {
  ageGroup: AgeGroup;
  tryoutNumber: number;
  /** Decided by the server from the season's fee at registration, never by a request. */
  amountCents: number;
  /** The athlete the line pays for (issue 36); absent on a family checkout written before names were kept. */
  athleteName?: string;
}

/**
 * What a session pays for: one registration (its checkout attempts, "pay again" included), or the
 * registrations a guardian made together in one request (a family checkout: one line item each).
 */
export type CheckoutSubject =
  { kind: 'registration'; tryoutId: string } | { kind: 'family'; groupId: string };

/**
 * Everything a checkout attempt's session is made from. All of it is stored before the session is created
 * (on the registration, or on the family's checkout group), so repeating the create for the same attempt (a
 * retry, a second click, a recovery after a lost answer) sends identical parameters under the same
 * idempotency key and gets the same session back.
 */
export interface CheckoutRequest {
  subject: CheckoutSubject;
  seasonId: string;
  userId: string;
  seasonName: string;
  lines: readonly CheckoutLine[];
  email: string;
  attempt: number;
  /** Epoch seconds. */
  expiresAt: number;
}

/** A family checkout's client_reference_id: the group, told apart from a registration's id at a glance. */
const FAMILY_REFERENCE = 'family:';

/** The metadata a session (and its PaymentIntent) carries: what it pays for, the season and the account. */
function metadataOf(request: CheckoutRequest): Record<string, string> {
  const subject: Record<string, string> =
    request.subject.kind === 'registration'
      ? { tryout_id: request.subject.tryoutId }
      : { checkout_group_id: request.subject.groupId };
  return { ...subject, season_id: request.seasonId, user_id: request.userId };
}

/** Creates (or, for a repeated attempt, gets back) the attempt's Checkout Session. */
export async function createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
  const site = getConfig().SITE_URL.replace(/\/$/, '');
  const metadata = metadataOf(request);
  const { subject } = request;
  const session = await callStripe((stripe) =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: request.lines.map((line) => ({
          quantity: 1,
          price_data: {
            currency: PAYMENT_CURRENCY,
            unit_amount: line.amountCents,
            // Each line names the child it pays for (issue 36): "Jayden Okafor, 13U Boys tryout #1".
            product_data: line.athleteName
              ? {
                  name: `${line.athleteName}, ${line.ageGroup} tryout #${line.tryoutNumber}`,
                  description: `Tryout registration: ${request.seasonName}`,
                }
              : {
                  name: `Tryout registration: ${request.seasonName}`,
                  description: `${line.ageGroup}, tryout #${line.tryoutNumber}`,
                },
          },
        })),
        customer_email: request.email,
        client_reference_id:
          subject.kind === 'registration' ? subject.tryoutId : FAMILY_REFERENCE + subject.groupId,
        metadata,
        payment_intent_data: { metadata },
        success_url: `${site}/dashboard?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${site}/payment/cancelled`,
        expires_at: request.expiresAt,
      },
      {
        idempotencyKey:
          subject.kind === 'registration'
            ? `checkout:${subject.tryoutId}:${request.attempt}`
            : `checkout-family:${subject.groupId}:${request.attempt}`,
      },
    ),
  );
  return v.parse(CheckoutSessionSchema, session);
}

/**
 * What a team fee's checkout attempt is made from (issue 45 §4): one line, the offer's fee, all of it stored on
 * the offer before the session is created, so every create for one attempt is the same create.
 */
export interface TeamFeeCheckoutRequest {
  /** The offer's public id (shared ids.ts offerId). */
  offerId: string;
  seasonId: string;
  /** The account paying (a guardian, or the adult player). */
  userId: string;
  email: string;
  /** "Jayden Okafor, 15U Boys Gold team fee": stored on the offer with the attempt. */
  lineName: string;
  seasonName: string;
  /** The offer's fee, never a request's; on a payment plan, the instalment's amount. */
  amountCents: number;
  attempt: number;
  /** Epoch seconds. */
  expiresAt: number;
  /**
   * Saves the card paid with for the plan's later instalments (Stripe's `setup_future_usage: 'off_session'`,
   * on a Customer made for it, or `customerId`'s); the payment then names its Customer and PaymentMethod
   * (savedCardOf).
   */
  saveCard?: boolean;
  /** A Customer the card is saved to (a family's earlier card's), instead of a new one. */
  customerId?: string;
  /** The plan's instalment this pays (1–4): in the metadata, and its own idempotency keys. */
  instalment?: number;
}

/** A team fee session's client_reference_id and metadata kind: told apart from a registration's at a glance. */
export const TEAM_FEE_KIND = 'team_fee';

/** Creates (or, for a repeated attempt, gets back) a team fee attempt's Checkout Session. */
export async function createTeamFeeCheckoutSession(
  request: TeamFeeCheckoutRequest,
): Promise<CheckoutSession> {
  const site = getConfig().SITE_URL.replace(/\/$/, '');
  const metadata: Record<string, string> = {
    kind: TEAM_FEE_KIND,
    offer_id: request.offerId,
    season_id: request.seasonId,
    user_id: request.userId,
    ...(request.instalment === undefined ? {} : { instalment: String(request.instalment) }),
  };
  // Stripe takes either the Customer or an e-mail for a new one's, not both.
  const payer = request.customerId
    ? { customer: request.customerId }
    : {
        customer_email: request.email,
        ...(request.saveCard ? { customer_creation: 'always' as const } : {}),
      };
  const session = await callStripe((stripe) =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: PAYMENT_CURRENCY,
              unit_amount: request.amountCents,
              product_data: { name: request.lineName, description: `Team fee: ${request.seasonName}` },
            },
          },
        ],
        ...payer,
        client_reference_id: `${TEAM_FEE_KIND}:${request.offerId}`,
        metadata,
        payment_intent_data: {
          metadata,
          ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        },
        success_url: `${site}/dashboard?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${site}/payment/cancelled`,
        expires_at: request.expiresAt,
      },
      {
        idempotencyKey:
          request.instalment === undefined
            ? `team-fee:${request.offerId}:${request.attempt}`
            : `team-fee:${request.offerId}:instalment-${request.instalment}:${request.attempt}`,
      },
    ),
  );
  return v.parse(CheckoutSessionSchema, session);
}

/** Reads a session; null when Stripe has no such session. */
export async function retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession | null> {
  try {
    const session = await callStripe((stripe) => stripe.checkout.sessions.retrieve(sessionId));
    return v.parse(CheckoutSessionSchema, session);
  } catch (error) {
    if (isStripeError(error, 'StripeInvalidRequestError') && error.code === 'resource_missing') return null;
    throw error;
  }
}

/**
 * Expires an open session so it can no longer be paid. Null when Stripe refuses because the session is no
 * longer open (it completed or expired meanwhile): the caller reads it again to learn which.
 */
export async function expireCheckoutSession(sessionId: string): Promise<CheckoutSession | null> {
  try {
    // Keyed like every POST the product makes, so trying again after a lost answer expires it once.
    const session = await callStripe((stripe) =>
      stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire:${sessionId}` }),
    );
    return v.parse(CheckoutSessionSchema, session);
  } catch (error) {
    if (isStripeError(error, 'StripeInvalidRequestError')) return null;
    throw error;
  }
}
