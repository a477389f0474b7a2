/**
 * Stripe's rate limit (test mode: 25 API requests a second) met by a family paying by card: the product tries
 * again as Stripe advises, so the family still gets its checkout, on one session only, and when Stripe keeps
 * refusing, the family reads the product's own message and the registration stays payable.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../scripts/src/local/ports';
import { startStripeStandIn, type StripeStandIn } from '../../../scripts/src/local/stripe-stand-in';
import { getTryout } from '../db/registration/registrations';
import { resetConfigForTests } from '../lib/config';
import { createAdmin } from '../../test/admin';
import { call } from '../../test/api';
import { createPlayer, openSeason } from '../../test/players';
import { paidByCard, refundsOnStandIn, sessionIdOf } from '../../test/stripe';
import { rateLimitDelayMs, resetStripeClientForTests } from './stripe-client';
import { aTryoutRegistration } from '../../test/builders';

/** The stand-in's time: real unless a test holds it still (to keep the stand-in over its rate). */
let heldAt: number | null = null;
let standIn: StripeStandIn;
let sharedStandIn: string | undefined;

beforeAll(async () => {
  standIn = await startStripeStandIn({ port: await freePort(), clock: () => heldAt ?? Date.now() });
  sharedStandIn = process.env.STRIPE_API_BASE;
  process.env.STRIPE_API_BASE = standIn.url;
  resetConfigForTests();
  resetStripeClientForTests();
});

afterAll(async () => {
  process.env.STRIPE_API_BASE = sharedStandIn;
  resetConfigForTests();
  resetStripeClientForTests();
  await standIn.stop();
});

const auth = { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY!}` };

/**
 * Holds the stand-in's time still, at a second no earlier test has used, and spends that second's 25 requests,
 * so the next one is refused.
 */
async function overItsRate(): Promise<number> {
  heldAt = Math.max(Date.now(), (heldAt ?? 0) + 5000);
  for (let i = 0; i < 25; i++) {
    const res = await fetch(`${standIn.url}/v1/checkout/sessions?limit=1`, { headers: auth });
    expect(res.status).toBe(200);
  }
  return heldAt;
}

/** The sessions the stand-in holds for a registration (read a second later, with time held). */
async function sessionsOf(reference: string): Promise<string[]> {
  heldAt = (heldAt ?? Date.now()) + 1000;
  const res = await fetch(`${standIn.url}/v1/checkout/sessions`, { headers: auth });
  expect(res.status).toBe(200);
  const page = (await res.json()) as { data: Array<{ id: string; client_reference_id: string | null }> };
  return page.data.filter((s) => s.client_reference_id === reference).map((s) => s.id);
}

// A registration on this shared 2-core machine can take seconds; the give-up test waits up to 7.5 s on purpose.
describe('a card registration while Stripe is over its rate limit', { timeout: 60_000 }, () => {
  it('still answers the checkout URL (the product tried again), with exactly one session for the registration', async () => {
    // Prepare
    const season = await openSeason();
    const player = await createPlayer();
    const refusedBefore = standIn.apiCalls().refused;
    const held = await overItsRate();

    // Act: the registration's session create is refused; a second later Stripe accepts again
    const registering = call('registerTryout', {
      token: player.token,
      body: aTryoutRegistration({ payment_method: 'stripe', age_group: '15U Boys' }),
    });
    await vi.waitFor(() => expect(standIn.apiCalls().refused).toBeGreaterThan(refusedBefore), {
      timeout: 20_000,
      interval: 20,
    });
    heldAt = held + 1000;
    const res = await registering;

    // Assess
    expect(res.status).toBe(201);
    const sessionId = sessionIdOf(res.body.url as string);
    expect(await sessionsOf(`${season.id}.${player.id}`)).toEqual([sessionId]);
    expect(await getTryout(season.id, player.id)).toMatchObject({
      payment_status: 'pending',
      checkout_attempt: 1,
      checkout_session_id: sessionId,
    });
  });

  it("gives up after 4 more tries when Stripe keeps refusing: the product's message, the registration saved and payable, no session", async () => {
    // Prepare: time stays held, so every request is refused
    const season = await openSeason();
    const player = await createPlayer();
    await overItsRate();
    const before = standIn.apiCalls();

    // Act
    const res = await call('registerTryout', {
      token: player.token,
      body: aTryoutRegistration({ payment_method: 'stripe', age_group: '15U Boys' }),
    });
    const after = standIn.apiCalls();

    // Assess: the first try and 4 more, all refused; the family reads the server's message, not Stripe's
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message:
        'Your registration is saved, but the card payment could not start. Please try again from your dashboard.',
    });
    expect(after.refused - before.refused).toBe(5);
    expect(after.served).toBe(before.served);
    const saved = await getTryout(season.id, player.id);
    expect(saved).toMatchObject({ tryout_number: 1, payment_status: 'pending', checkout_attempt: 1 });
    expect(saved?.checkout_session_id).toBeUndefined();
    expect(await sessionsOf(`${season.id}.${player.id}`)).toEqual([]);

    // …and once Stripe accepts again, "pay again" opens the one session
    const payAgain = await call('startCheckout', { token: player.token });
    expect(payAgain.status).toBe(200);
    expect(await sessionsOf(`${season.id}.${player.id}`)).toEqual([sessionIdOf(payAgain.body.url as string)]);
  });
});

describe("an admin's card refund while Stripe is over its rate limit", { timeout: 60_000 }, () => {
  it('is made once: the product tried again under the same idempotency key', async () => {
    // Prepare: a card payment of $45.00, made while Stripe accepts (a second of its own)
    const season = await openSeason();
    const admin = await createAdmin();
    heldAt = Math.max(Date.now(), (heldAt ?? 0) + 5000);
    const paid = await paidByCard(season.id);
    const refusedBefore = standIn.apiCalls().refused;
    const held = await overItsRate();

    // Act: the refund is refused; a second later Stripe accepts again
    const refunding = call('refundTryout', {
      token: admin.token,
      params: { id: paid.tryoutId },
      body: { reason: 'Moved away', idempotency_key: 'moved-away' },
    });
    await vi.waitFor(() => expect(standIn.apiCalls().refused).toBeGreaterThan(refusedBefore), {
      timeout: 20_000,
      interval: 20,
    });
    heldAt = held + 1000;
    const res = await refunding;

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      payment_status: 'refunded',
      amount_refunded_cents: 4500,
      refund: { amount_cents: 4500, method: 'stripe', status: 'succeeded' },
    });
    expect((await refundsOnStandIn(paid.intent)).map((r) => r.amount)).toEqual([4500]);
  });
});

describe('the wait before trying a rate-limited call again', () => {
  it('doubles from 250–500 ms to 2–4 s, a random half to all of each step', () => {
    expect([1, 2, 3, 4].map((retry) => rateLimitDelayMs(retry, 0))).toEqual([250, 500, 1000, 2000]);
    expect([1, 2, 3, 4].map((retry) => rateLimitDelayMs(retry, 1))).toEqual([500, 1000, 2000, 4000]);
  });
});
