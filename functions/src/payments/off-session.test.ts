/**
 * A team fee's later instalments against the local Stripe stand-in: the first checkout saves the card, which is
 * then charged off-session (succeeding, or declined as Stripe's test cards decline later), exactly once per key;
 * and Stripe's fee on a payment, as its balance transaction reports it.
 */
import { describe, expect, it } from 'vitest';
import { createTeamFeeCheckoutSession } from './checkout-sessions';
import { chargeSavedCard, savedCardOf, stripeFeeOf } from './off-session';
import { sessionIdOf, sessionOnStandIn } from '../../test/stripe';

let offers = 0;

/** A team fee checkout (instalment 1 of a plan unless told), as the offer's checkout makes it. */
async function teamFeeCheckout(
  options: { saveCard?: boolean; customerId?: string; amountCents?: number } = {},
) {
  offers += 1;
  const session = await createTeamFeeCheckoutSession({
    offerId: `offer-off-session-${offers}-${Date.now()}`,
    seasonId: 'season-1',
    userId: 'user-1',
    email: 'parent@example.com',
    lineName: 'Jayden Okafor, 15U Boys Gold team fee',
    seasonName: 'Fall 2026',
    amountCents: options.amountCents ?? 25000,
    attempt: 1,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    instalment: 1,
    ...(options.saveCard === undefined ? {} : { saveCard: options.saveCard }),
    ...(options.customerId === undefined ? {} : { customerId: options.customerId }),
  });
  // A page the family can open: the stand-in's checkout page for this session.
  expect(session.url).toMatch(new RegExp(`/checkout/${session.id}$`));
  return session;
}

/** Pays a session on the stand-in's page with one of its test cards; its PaymentIntent's id. */
async function payWith(sessionUrl: string, card: string): Promise<string> {
  const res = await fetch(sessionUrl.replace(/\/?$/, '/pay'), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card }).toString(),
  });
  expect(res.status).toBe(303);
  const paid = await sessionOnStandIn(sessionIdOf(sessionUrl));
  expect(paid.payment_status).toBe('paid');
  return paid.payment_intent as string;
}

/** A card saved by a paid first instalment. */
async function savedCard(card: string) {
  const session = await teamFeeCheckout({ saveCard: true });
  const saved = await savedCardOf(await payWith(session.url!, card));
  expect(saved).not.toBeNull();
  return saved!;
}

let keys = 0;
const newKey = () => `instalment:offer-test-${Date.now()}-${(keys += 1)}:2:1`;

describe('a team fee checkout that saves the card (instalment 1 of a plan)', () => {
  it('names the instalment and saves the card paid with to a Customer', async () => {
    // Act
    const session = await teamFeeCheckout({ saveCard: true });
    const intentId = await payWith(session.url!, '4242424242424242');

    // Assess
    expect(session.metadata).toMatchObject({ kind: 'team_fee', instalment: '1' });
    const onStripe = await sessionOnStandIn(session.id);
    expect(onStripe.customer).toMatch(/^cus_/);
    expect(await savedCardOf(intentId)).toEqual({
      customerId: onStripe.customer,
      paymentMethodId: expect.stringMatching(/^pm_/) as string,
    });
  });

  it('saves no card when not asked to: savedCardOf answers null, as for a payment Stripe does not have', async () => {
    // Prepare
    const session = await teamFeeCheckout();

    // Act
    const intentId = await payWith(session.url!, '4242424242424242');

    // Assess
    expect(await savedCardOf(intentId)).toBeNull();
    expect(await savedCardOf('pi_test_nosuchpayment')).toBeNull();
  });

  it("saves a later card to the family's Customer when it is given", async () => {
    // Prepare
    const first = await savedCard('4000000000000341');

    // Act
    const session = await teamFeeCheckout({ saveCard: true, customerId: first.customerId });
    const again = await savedCardOf(await payWith(session.url!, '4242424242424242'));

    // Assess
    expect(again?.customerId).toBe(first.customerId);
    expect(again?.paymentMethodId).not.toBe(first.paymentMethodId);
  });
});

describe('chargeSavedCard', () => {
  it('charges a saved card that pays later, once per idempotency key', async () => {
    // Prepare
    const card = await savedCard('4242424242424242');
    const key = newKey();
    const request = { ...card, amountCents: 25000, idempotencyKey: key, metadata: { instalment: '2' } };

    // Act
    const charged = await chargeSavedCard(request);
    const again = await chargeSavedCard(request);

    // Assess
    expect(charged).toEqual({ kind: 'succeeded', paymentIntentId: expect.stringMatching(/^pi_/) as string });
    expect(again).toEqual(charged);
  });

  it.each([
    ['4000000000000341', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000002760003184', 'authentication_required'],
  ])(
    'answers a saved %s card declined later as declined (%s), the same again under its key',
    async (number, reason) => {
      // Prepare
      const card = await savedCard(number);
      const request = {
        ...card,
        amountCents: 25000,
        idempotencyKey: newKey(),
        metadata: { instalment: '2' },
      };

      // Act
      const declined = await chargeSavedCard(request);
      const again = await chargeSavedCard(request);

      // Assess
      expect(declined).toEqual({
        kind: 'declined',
        paymentIntentId: expect.stringMatching(/^pi_/) as string,
        reason,
      });
      expect(again).toEqual(declined);
      expect(await stripeFeeOf((declined as { paymentIntentId: string }).paymentIntentId)).toBeNull();
    },
  );

  it('answers a card Stripe no longer has as declined (other), with no payment', async () => {
    // Prepare
    const card = await savedCard('4242424242424242');

    // Act
    const declined = await chargeSavedCard({
      customerId: card.customerId,
      paymentMethodId: 'pm_test_detached',
      amountCents: 25000,
      idempotencyKey: newKey(),
      metadata: {},
    });

    // Assess
    expect(declined).toEqual({ kind: 'declined', paymentIntentId: null, reason: 'other' });
  });
});

describe("stripeFeeOf: Stripe's fee, 2.9% + 30¢ rounded to the cent", () => {
  it.each([
    [25000, 755],
    [75000, 2205],
    // 29.493¢ rounds down, 29.522¢ up.
    [1017, 59],
    [1018, 60],
  ])('an off-session charge of %i cents pays %i cents', async (amountCents, fee) => {
    // Prepare
    const card = await savedCard('4242424242424242');
    const charged = await chargeSavedCard({
      ...card,
      amountCents,
      idempotencyKey: newKey(),
      metadata: {},
    });
    expect(charged.kind).toBe('succeeded');

    // Act
    const read = await stripeFeeOf((charged as { paymentIntentId: string }).paymentIntentId);

    // Assess
    expect(read).toBe(fee);
  });

  it("a checkout's payment has its fee too; a payment Stripe does not have has none", async () => {
    // Prepare
    const session = await teamFeeCheckout({ amountCents: 75000 });
    const intentId = await payWith(session.url!, '4242424242424242');

    // Act
    const fee = await stripeFeeOf(intentId);
    const none = await stripeFeeOf('pi_test_nosuchpayment');

    // Assess
    expect(fee).toBe(2205);
    expect(none).toBeNull();
  });
});
