/**
 * Card refunds that never settled (issue 34): a crash between reserving a refund and asking Stripe leaves it
 * pending, capping every later refund of the registration; the refund sweep (and Player Details' Retry, with
 * the stored key) settles it with Stripe or releases it. A refund Stripe refused is corrected in the history.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminTryoutRow, AuditEntry } from '@club/shared/types';
import { getTryout } from '../../db/registration/registrations';
import { settlePendingRefunds } from '../../services/money/refunds';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { killedHalfWay } from '../../../test/crash';
import { openSeason, type TestPlayer } from '../../../test/players';
import {
  deliverEvent,
  inStripeDashboard,
  refundsOnStandIn,
  paidByCard as paidByStandIn,
} from '../../../test/stripe';

let seasonId: string;
let admin: TestPlayer;

beforeEach(async () => {
  seasonId = (await openSeason()).id; // fee $45.00
  admin = await createAdmin();
});

/** A card registration paid on the stand-in ($45.00), with its PaymentIntent's id. */
const paidByCard = () => paidByStandIn(seasonId);

const rowOf = async (tryoutId: string) => {
  const rows = await call('listTryouts', { token: admin.token, query: { season_id: seasonId } });
  return (rows.body as unknown as AdminTryoutRow[]).find((r) => r.id === tryoutId)!;
};

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000);

describe('a card refund stopped by a crash before Stripe was asked', () => {
  it('waits as pending with its key to retry, and the sweep settles it once with Stripe', async () => {
    // Prepare: the refund's process dies right after the reservation
    const paid = await paidByCard();
    const key = randomUUID();
    await killedHalfWay('refund', [paid.tryoutId, admin.id, '2000', key]);

    // Assess: reserved, pending, nothing at Stripe; the rest of what was paid is all that can be asked
    expect(await refundsOnStandIn(paid.intent)).toEqual([]);
    const stuck = await rowOf(paid.tryoutId);
    expect(stuck.refunds).toEqual([
      expect.objectContaining({ amount_cents: 2000, status: 'pending', retry_key: key }),
    ]);
    const tooMuch = await call('refundTryout', {
      token: admin.token,
      params: { id: paid.tryoutId },
      body: { amount_cents: 4500, reason: 'All of it', idempotency_key: randomUUID() },
    });
    expect(tooMuch.body.message).toBe('That is more than is left to refund: $25.00 of the $45.00 paid.');

    // Act: the sweep, too soon (5 minutes on) and then in time (11 minutes on), twice
    const soon = await settlePendingRefunds(minutesFromNow(5));
    const due = await settlePendingRefunds(minutesFromNow(11));
    const again = await settlePendingRefunds(minutesFromNow(26));

    // Assess: one refund at Stripe, recorded once
    expect(soon).toEqual({ settled: 0, released: 0, unanswered: 0 });
    expect(due).toEqual({ settled: 1, released: 0, unanswered: 0 });
    expect(again).toEqual({ settled: 0, released: 0, unanswered: 0 });
    expect((await refundsOnStandIn(paid.intent)).map((r) => r.amount)).toEqual([2000]);
    expect(await rowOf(paid.tryoutId)).toMatchObject({
      payment_status: 'partially_refunded',
      amount_refunded_cents: 2000,
      refunds: [expect.objectContaining({ status: 'succeeded', amount_cents: 2000 })],
    });
  });

  it('is settled by Retry with the stored key, as one refund', async () => {
    const paid = await paidByCard();
    const key = randomUUID();
    await killedHalfWay('refund', [paid.tryoutId, admin.id, '1500', key]);
    const retryKey = (await rowOf(paid.tryoutId)).refunds![0]!.retry_key!;

    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        call('refundTryout', {
          token: admin.token,
          params: { id: paid.tryoutId },
          body: { amount_cents: 1500, reason: 'Withdrew before tryouts', idempotency_key: retryKey },
        }),
      ),
    );

    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect((await refundsOnStandIn(paid.intent)).map((r) => r.amount)).toEqual([1500]);
    expect(await rowOf(paid.tryoutId)).toMatchObject({ amount_refunded_cents: 1500 });
  });

  it('is released by the sweep when Stripe refuses it, and the history says so', async () => {
    // Prepare: reserved, then the payment is disputed before anyone asks Stripe
    const paid = await paidByCard();
    await killedHalfWay('refund', [paid.tryoutId, admin.id, '2000', randomUUID()]);
    const { dispute } = await inStripeDashboard(paid.intent, 'dispute');
    await deliverEvent('charge.dispute.created', dispute!);

    // Act
    const swept = await settlePendingRefunds(minutesFromNow(11));

    // Assess: nothing reserved, no refund, and the history corrects the reservation's entry
    expect(swept).toEqual({ settled: 0, released: 1, unanswered: 0 });
    expect(await getTryout(seasonId, paid.id)).toMatchObject({ refund_reserved_cents: 0 });
    expect((await rowOf(paid.tryoutId)).refunds ?? []).toEqual([]);
    const history = (
      await call('listAudit', {
        token: admin.token,
        query: { season_id: seasonId, tryout_id: paid.tryoutId },
      })
    ).body as unknown as AuditEntry[];
    expect([...history].sort((a, b) => a.at.localeCompare(b.at)).map((e) => e.action)).toEqual([
      'refund',
      'refund_released',
    ]);
  });
});

describe('a refund Stripe refuses at once', () => {
  it('leaves the history saying it was refused, not made', async () => {
    const paid = await paidByCard();
    const { dispute } = await inStripeDashboard(paid.intent, 'dispute');
    await deliverEvent('charge.dispute.created', dispute!);

    const res = await call('refundTryout', {
      token: admin.token,
      params: { id: paid.tryoutId },
      body: { reason: 'Settle it', idempotency_key: randomUUID() },
    });

    expect(res.status).toBe(400);
    const history = (
      await call('listAudit', {
        token: admin.token,
        query: { season_id: seasonId, tryout_id: paid.tryoutId },
      })
    ).body as unknown as AuditEntry[];
    expect(history.find((e) => e.action === 'refund_released')).toMatchObject({
      before: { amount_cents: 4500, status: 'pending' },
      after: { amount_cents: 0, status: 'refused' },
    });
  });
});
