import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminTryoutRow } from '@club/shared/types';
import { freePort } from '../../../../scripts/src/local/ports';
import { getTryout } from '../../db/registration/registrations';
import { resetConfigForTests } from '../../lib/config';
import { resetStripeClientForTests } from '../../payments/stripe-client';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { openSeason, registeredPlayer, tableSnapshot, type TestPlayer } from '../../../test/players';
import {
  deliverEvent,
  inStripeDashboard,
  newEventId,
  refundsOnStandIn,
  paidByCard as paidByStandIn,
} from '../../../test/stripe';
import { ok } from '../../../test/builders';

let seasonId: string;
let admin: TestPlayer;

beforeEach(async () => {
  seasonId = (await openSeason()).id; // fee $45.00
  admin = await createAdmin();
});

/** A card registration paid on the stand-in ($45.00), with its PaymentIntent's id. */
const paidByCard = () => paidByStandIn(seasonId);

const refund = (tryoutId: string, body: Record<string, unknown>) =>
  call('refundTryout', { token: admin.token, params: { id: tryoutId }, body });

const key = () => randomUUID();

const rowOf = async (tryoutId: string) => {
  const rows = await call('listTryouts', { token: admin.token, query: { season_id: seasonId } });
  return (rows.body as unknown as AdminTryoutRow[]).find((r) => r.id === tryoutId)!;
};

describe('POST /admin/tryouts/{id}/refund', () => {
  it('refunds part of a card payment through Stripe, then the rest, and every screen shows it', async () => {
    // Prepare
    const paid = await paidByCard();

    // Act
    const first = await refund(paid.tryoutId, {
      amount_cents: 1500,
      reason: 'Missed one session',
      idempotency_key: key(),
    });
    const rest = await refund(paid.tryoutId, { reason: 'Moved away', idempotency_key: key() });

    // Assess
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: paid.tryoutId,
      payment_status: 'partially_refunded',
      amount_paid_cents: 4500,
      amount_refunded_cents: 1500,
      refund: { amount_cents: 1500, method: 'stripe', status: 'succeeded', reason: 'Missed one session' },
    });
    expect(rest.body).toMatchObject({
      payment_status: 'refunded',
      amount_paid_cents: 4500,
      amount_refunded_cents: 4500,
      refund: { amount_cents: 3000, status: 'succeeded' },
    });
    const onStripe = await refundsOnStandIn(paid.intent);
    expect(onStripe.map((r) => r.amount).sort()).toEqual([1500, 3000]);
    const row = await rowOf(paid.tryoutId);
    expect(row).toMatchObject({ payment_status: 'refunded', amount_refunded_cents: 4500 });
    expect(row?.refunds?.map((r) => [r.amount_cents, r.reason, r.status])).toEqual([
      [1500, 'Missed one session', 'succeeded'],
      [3000, 'Moved away', 'succeeded'],
    ]);
    const mine = await call('getMyTryout', { token: paid.token });
    expect(mine.body).toMatchObject({
      payment_status: 'refunded',
      amount_paid_cents: 4500,
      amount_refunded_cents: 4500,
      amount_due_cents: 0,
    });
    const csv = await call('exportTryouts', { token: admin.token, query: { season_id: seasonId } });
    expect(csv.text.split('\r\n')[0]).toContain('"Payment","Paid","Refunded"');
    expect(csv.text).toContain('"Refunded (Card)","45.00","45.00"');
  });

  it('refunds once for one key: a double click, a retry and concurrent sends answer the same refund', async () => {
    // Prepare
    const paid = await paidByCard();
    const body = { amount_cents: 2000, reason: 'Sibling discount', idempotency_key: key() };

    // Act
    const clicks = await Promise.all(Array.from({ length: 6 }, () => refund(paid.tryoutId, body)));
    const retry = await refund(paid.tryoutId, body);

    // Assess
    for (const res of [...clicks, retry]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ amount_refunded_cents: 2000, refund: { amount_cents: 2000 } });
    }
    expect((await refundsOnStandIn(paid.intent)).map((r) => r.amount)).toEqual([2000]);
    expect(await getTryout(seasonId, paid.id)).toMatchObject({
      refund_reserved_cents: 2000,
      amount_refunded_cents: 2000,
    });
  });

  it('never gives back more than was paid, even when refunds with different keys race', async () => {
    // Prepare: $45.00 paid; eight admins' $20.00 refunds at once can only fit twice
    const paid = await paidByCard();

    // Act
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        refund(paid.tryoutId, { amount_cents: 2000, reason: 'Split fee', idempotency_key: key() }),
      ),
    );

    // Assess
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(6);
    for (const res of refused) {
      expect(res.body.message).toBe('That is more than is left to refund: $5.00 of the $45.00 paid.');
    }
    expect((await refundsOnStandIn(paid.intent)).reduce((sum, r) => sum + r.amount, 0)).toBe(4000);
    expect(await rowOf(paid.tryoutId)).toMatchObject({
      payment_status: 'partially_refunded',
      amount_refunded_cents: 4000,
    });
  });

  it('refuses a refund beyond what is left, or of nothing paid, with a clear 400 that changes nothing', async () => {
    // Prepare
    const paid = await paidByCard();
    const unpaid = await registeredPlayer('stripe');
    const before = await tableSnapshot();

    // Act
    const tooMuch = await refund(paid.tryoutId, {
      amount_cents: 4501,
      reason: 'Oops',
      idempotency_key: key(),
    });
    const nothing = await refund(`${seasonId}.${unpaid.id}`, { reason: 'Oops', idempotency_key: key() });
    const noReason = await refund(paid.tryoutId, { amount_cents: 100, reason: '  ', idempotency_key: key() });
    const zero = await refund(paid.tryoutId, { amount_cents: 0, reason: 'Oops', idempotency_key: key() });

    // Assess
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('That is more than is left to refund: $45.00 of the $45.00 paid.');
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(
      'Nothing was paid for this registration, so there is nothing to refund.',
    );
    expect(noReason.body.message).toBe('Please say why the money is refunded.');
    expect(zero.body.message).toBe('Enter a refund amount of at least $0.01.');
    expect(await tableSnapshot()).toBe(before);
    expect(await refundsOnStandIn(paid.intent)).toEqual([]);
    // Exactly what was paid is still allowed.
    const all = await refund(paid.tryoutId, { amount_cents: 4500, reason: 'Full', idempotency_key: key() });
    expect(all.body).toMatchObject({ payment_status: 'refunded', amount_refunded_cents: 4500 });
  });

  it('records a cash refund, and collected cash that was refunded cannot be unmarked', async () => {
    // Prepare
    const player = await registeredPlayer('cash');
    const tryoutId = `${seasonId}.${player.id}`;
    const beforeCollected = await refund(tryoutId, { reason: 'Early', idempotency_key: key() });
    await ok('setCashCollected', {
      token: admin.token,
      params: { id: tryoutId },
      body: { collected: true },
    });

    // Act
    const res = await refund(tryoutId, { amount_cents: 4500, reason: 'Injured', idempotency_key: key() });
    const unmark = await call('setCashCollected', {
      token: admin.token,
      params: { id: tryoutId },
      body: { collected: false },
    });

    // Assess
    expect(beforeCollected.status).toBe(400);
    expect(res.body).toMatchObject({
      payment_status: 'refunded',
      amount_refunded_cents: 4500,
      refund: { method: 'cash', status: 'succeeded', reason: 'Injured' },
    });
    expect(unmark.status).toBe(409);
    expect(unmark.body.message).toBe(
      'This cash was partly or fully refunded, so it cannot be marked as not collected.',
    );
    expect(await rowOf(tryoutId)).toMatchObject({ payment_status: 'refunded' });
  });

  it('lets only an admin refund', async () => {
    const paid = await paidByCard();
    const res = await call('refundTryout', {
      token: paid.token,
      params: { id: paid.tryoutId },
      body: { reason: 'Mine', idempotency_key: key() },
    });
    expect(res.status).toBe(403);
    expect(await refundsOnStandIn(paid.intent)).toEqual([]);
  });
});

describe('refund and dispute events from Stripe', () => {
  it('counts a refund once when its event arrives after the admin answer', async () => {
    // Prepare
    const paid = await paidByCard();
    const made = await refund(paid.tryoutId, { amount_cents: 1000, reason: 'Late', idempotency_key: key() });
    const charge = {
      id: 'ch_x',
      object: 'charge',
      payment_intent: paid.intent,
      amount: 4500,
      amount_refunded: 1000,
    };

    // Act
    const event = await deliverEvent('charge.refunded', charge);
    const redelivered = await deliverEvent('charge.refunded', charge);

    // Assess
    expect(made.body).toMatchObject({ amount_refunded_cents: 1000 });
    expect([event.status, redelivered.status]).toEqual([200, 200]);
    expect(await rowOf(paid.tryoutId)).toMatchObject({
      payment_status: 'partially_refunded',
      amount_refunded_cents: 1000,
    });
  });

  it('counts a refund once when its event arrives before the admin answer (Stripe answered late)', async () => {
    // Prepare: the admin's refund reaches no Stripe (its answer is lost): pending, reserved, 503
    const paid = await paidByCard();
    const body = { amount_cents: 2500, reason: 'Withdrew', idempotency_key: key() };
    const standIn = process.env.STRIPE_API_BASE;
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${await freePort()}`;
    resetConfigForTests();
    resetStripeClientForTests();
    let lost;
    try {
      lost = await refund(paid.tryoutId, body);
    } finally {
      process.env.STRIPE_API_BASE = standIn;
      resetConfigForTests();
      resetStripeClientForTests();
    }
    // …while Stripe did make it (same idempotency key and metadata as the product sends)
    const made = await fetch(`${standIn}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${process.env.STRIPE_SECRET_KEY!}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': `refund:${paid.tryoutId}:${body.idempotency_key}`,
      },
      body: new URLSearchParams({
        payment_intent: paid.intent,
        amount: '2500',
        'metadata[tryout_id]': paid.tryoutId,
        'metadata[refund_key]': body.idempotency_key,
      }).toString(),
    });
    expect(made.status).toBe(200);

    // Act: Stripe's event first, then the admin's retry with the same key
    const event = await deliverEvent('charge.refunded', {
      id: 'ch_x',
      object: 'charge',
      payment_intent: paid.intent,
      amount: 4500,
      amount_refunded: 2500,
    });
    const afterEvent = await rowOf(paid.tryoutId);
    const retry = await refund(paid.tryoutId, body);

    // Assess
    expect(lost?.status).toBe(503);
    expect(event.status).toBe(200);
    expect(afterEvent).toMatchObject({ payment_status: 'partially_refunded', amount_refunded_cents: 2500 });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ amount_refunded_cents: 2500, refund: { status: 'succeeded' } });
    expect((await refundsOnStandIn(paid.intent)).map((r) => r.amount)).toEqual([2500]);
    expect(await getTryout(seasonId, paid.id)).toMatchObject({ refund_reserved_cents: 2500 });
  });

  it("records a refund made in Stripe's dashboard once, and the admin can refund only the rest", async () => {
    // Prepare
    const paid = await paidByCard();
    const { charge } = await inStripeDashboard(paid.intent, 'refund', 1000);
    const eventId = newEventId();

    // Act
    await deliverEvent('charge.refunded', charge, eventId);
    await deliverEvent('charge.refunded', charge, eventId);
    await deliverEvent('charge.refunded', charge); // the same news under another event id
    const tooMuch = await refund(paid.tryoutId, {
      amount_cents: 4000,
      reason: 'All',
      idempotency_key: key(),
    });
    const rest = await refund(paid.tryoutId, { reason: 'All', idempotency_key: key() });

    // Assess
    expect(tooMuch.body.message).toBe('That is more than is left to refund: $35.00 of the $45.00 paid.');
    expect(rest.body).toMatchObject({
      payment_status: 'refunded',
      amount_refunded_cents: 4500,
      refund: { amount_cents: 3500 },
    });
  });

  it('shows a dispute to the admin, and Stripe refusing a refund of it gives the reservation back', async () => {
    // Prepare
    const paid = await paidByCard();
    const { dispute } = await inStripeDashboard(paid.intent, 'dispute');

    // Act
    const event = await deliverEvent('charge.dispute.created', dispute!);
    const res = await refund(paid.tryoutId, { reason: 'Settle it', idempotency_key: key() });

    // Assess
    expect(event.status).toBe(200);
    expect(await rowOf(paid.tryoutId)).toMatchObject({
      payment_status: 'disputed',
      amount_refunded_cents: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Stripe refused the refund: Charge ch_test_\w+ has been charged back/);
    expect(await getTryout(seasonId, paid.id)).toMatchObject({ refund_reserved_cents: 0 });
  });

  it('changes nothing for a refund of a payment that is not a registration of ours', async () => {
    const before = await tableSnapshot();
    const res = await deliverEvent('charge.refunded', {
      id: 'ch_other',
      object: 'charge',
      payment_intent: 'pi_test_not_ours',
      amount: 999,
      amount_refunded: 999,
    });
    expect(res.status).toBe(200);
    const after = JSON.parse(await tableSnapshot()) as string[];
    // Only the event's marker is new.
    expect(after.filter((item) => !(JSON.parse(before) as string[]).includes(item))).toHaveLength(1);
  });
});
