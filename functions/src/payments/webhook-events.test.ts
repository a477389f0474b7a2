/**
 * Stripe's payment_intent events (what tells of an instalment charged off-session): read from a signed
 * delivery into the product's shape, and, for a checkout's payment, acknowledged without changing anything
 * (the session's own event records a checkout's payment).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookEvent } from './webhook-events';
import { openSeason, tableSnapshot } from '../../test/players';
import {
  deliverEvent,
  eventPayload,
  newEventId,
  paidByCard,
  signatureFor,
  type CheckoutEventType,
} from '../../test/stripe';

/** A PaymentIntent as Stripe sends it in payment_intent.payment_failed after an off-session decline. */
const declinedIntent = {
  id: 'pi_test_declined1',
  object: 'payment_intent',
  status: 'requires_payment_method',
  amount: 25000,
  amount_received: 0,
  currency: 'cad',
  customer: 'cus_test_family1',
  payment_method: 'pm_test_card1',
  metadata: { kind: 'team_fee', offer_id: 'offer-1', instalment: '2' },
  last_payment_error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

const verified = (type: CheckoutEventType, object: object, id = newEventId()) => {
  const payload = eventPayload(type, object, id);
  return verifyWebhookEvent(payload, signatureFor(payload));
};

describe('payment_intent events', () => {
  it('reads payment_intent.payment_failed: the payment, its metadata and why the card was declined', async () => {
    const id = newEventId();

    const event = await verified('payment_intent.payment_failed', declinedIntent, id);

    expect(event).toEqual({
      kind: 'payment_intent',
      id,
      type: 'payment_intent.payment_failed',
      intent: {
        id: 'pi_test_declined1',
        object: 'payment_intent',
        status: 'requires_payment_method',
        amount: 25000,
        amount_received: 0,
        currency: 'cad',
        customer: 'cus_test_family1',
        payment_method: 'pm_test_card1',
        metadata: { kind: 'team_fee', offer_id: 'offer-1', instalment: '2' },
        last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
      },
    });
  });

  it('reads payment_intent.succeeded, and calls one that is not a PaymentIntent malformed', async () => {
    const succeeded = await verified('payment_intent.succeeded', {
      ...declinedIntent,
      status: 'succeeded',
      amount_received: 25000,
      last_payment_error: null,
    });
    const malformed = await verified('payment_intent.succeeded', { id: 'ch_test_1', object: 'charge' });

    expect(succeeded).toMatchObject({
      kind: 'payment_intent',
      type: 'payment_intent.succeeded',
      intent: { status: 'succeeded', amount_received: 25000, last_payment_error: null },
    });
    expect(malformed).toMatchObject({ kind: 'malformed', type: 'payment_intent.succeeded' });
  });
});

describe('POST /payments/webhook with a payment_intent event', () => {
  let seasonId: string;

  beforeEach(async () => {
    seasonId = (await openSeason()).id;
  });

  it("acknowledges a checkout payment's payment_intent.succeeded and changes nothing", async () => {
    // Prepare: a registration paid by card and recorded
    const { intent } = await paidByCard(seasonId);
    const onStripe = await fetch(`${process.env.STRIPE_API_BASE!}/v1/payment_intents/${intent}`, {
      headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY!}` },
    });
    expect(onStripe.status).toBe(200);
    const payment = (await onStripe.json()) as object;
    const before = await tableSnapshot();

    // Act
    const succeeded = await deliverEvent('payment_intent.succeeded', payment);

    // Assess
    expect(succeeded.status).toBe(200);
    expect(succeeded.body).toEqual({ received: true });
    expect(await tableSnapshot()).toBe(before);
  });
});
