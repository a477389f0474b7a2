/**
 * A household's statement is of a calendar year in Edmonton (issue 46 §3): a payment made at 11:30 pm on
 * December 31 there belongs to that year though UTC has moved on, and one at midnight to the next.
 */
import { describe, expect, it } from 'vitest';
import { aRegistrationRecord } from '../../../test/builders';
import type { RefundItem } from '../../db/money/refunds';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { statementOf } from './household-statement';

const SEASON = 'a0000000-0000-4000-8000-000000000002';

/** A $45.00 card payment made at `paidAt`, refunded $15.00 at `refundedAt`. */
function paidAndRefunded(paidAt: string, refundedAt: string) {
  const player = { id: 'b0000000-0000-4000-8000-000000000001', email: 'mina@example.test' };
  const tryout = aRegistrationRecord(SEASON, player, {
    first_name: 'Mina',
    payment_method: 'stripe',
    payment_status: 'paid',
    paid_at: paidAt,
    payment_intent_id: 'pi_test_mina',
  }) as unknown as RegistrationItem;
  const refund = {
    key: 'admin:r1',
    amount_cents: 1_500,
    method: 'stripe',
    status: 'succeeded',
    reason: 'Missed one session',
    created_at: refundedAt,
    stripe_refund_id: 're_test_mina',
    season_id: SEASON,
    player_id: player.id,
    made_by: 'admin',
  } as RefundItem;
  return [
    {
      name: 'Fall 2025 Tryouts',
      items: { tryouts: [tryout], refunds: [refund], offers: [], teamFeeRefunds: [], instalments: [] },
    },
  ];
}

describe('statementOf', () => {
  // 11:30 pm on Dec 31, 2025 in Edmonton (MST, UTC−7) is 06:30 UTC on Jan 1, 2026; midnight is 07:00 UTC.
  const seasons = paidAndRefunded('2026-01-01T06:30:00.000Z', '2026-01-01T07:00:00.000Z');

  it("counts a payment at 11:30 pm on December 31 in Edmonton in that year's statement", () => {
    const statement = statementOf(2025, seasons);

    expect(statement).toEqual({
      year: 2025,
      entries: [
        {
          date: '2025-12-31',
          season_name: 'Fall 2025 Tryouts',
          child: 'Mina Quinn',
          fee: 'tryout',
          method: 'card',
          kind: 'payment',
          amount_cents: 4_500,
          reference: 'pi_test_mina',
        },
      ],
      paid_cents: 4_500,
      refunded_cents: 0,
      net_cents: 4_500,
    });
  });

  it("counts a refund at midnight on January 1 in Edmonton in the next year's", () => {
    const statement = statementOf(2026, seasons);

    expect(statement.entries.map((e) => [e.date, e.kind, e.amount_cents, e.reference])).toEqual([
      ['2026-01-01', 'refund', -1_500, 're_test_mina'],
    ]);
    expect(statement).toMatchObject({ paid_cents: 0, refunded_cents: 1_500, net_cents: -1_500 });
  });
});
