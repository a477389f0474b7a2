/**
 * The one money definition (issue 35), held by property tests: for any mix of cash and card payments,
 * refunds and disputes, what a registration has paid, owes and had refunded, and the season's totals, agree
 * with each other and never go negative. The functions' admin-rows test holds the server's rows and CSV to it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsOf, reportedStatus } from './money';
import { seasonMoney, type MoneyRow } from './season-money';
import type { PaymentStatus } from './types';

/** A registration as stored: its method, its stored status, what it costs, refunds that went through. */
const storedRegistration = fc
  .record({
    method: fc.constantFrom('cash' as const, 'stripe' as const),
    cashStatus: fc.constantFrom<PaymentStatus>('cash', 'paid'),
    cardStatus: fc.constantFrom<PaymentStatus>('pending', 'processing', 'paid', 'failed'),
    amount_cents: fc.integer({ min: 0, max: 100_000 }),
    refundShares: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 4 }),
    refundedPercent: fc.integer({ min: 0, max: 100 }),
    disputed: fc.boolean(),
    withdrawn: fc.boolean(),
  })
  .map((r) => {
    const payment_status = r.method === 'cash' ? r.cashStatus : r.cardStatus;
    const paid = payment_status === 'paid';
    const refunded = paid ? Math.floor((r.amount_cents * r.refundedPercent) / 100) : 0;
    // The refunds that went through, adding up to what the registration says was refunded.
    const total = r.refundShares.reduce((a, b) => a + b, 0);
    const refunds =
      refunded === 0 || total === 0
        ? []
        : r.refundShares.map((share, i, all) =>
            i === all.length - 1
              ? refunded - all.slice(0, -1).reduce((sum, s) => sum + Math.floor((refunded * s) / total), 0)
              : Math.floor((refunded * share) / total),
          );
    return {
      payment_method: r.method,
      payment_status,
      amount_cents: r.amount_cents,
      amount_refunded_cents: refunds.reduce((a, b) => a + b, 0),
      refunds,
      ...(paid && r.method === 'stripe' && r.disputed ? { dispute_status: 'needs_response' } : {}),
      withdrawn: r.withdrawn,
    };
  });

/** The row the admin's screens read, made from a stored registration by the shared definition. */
function moneyRow(stored: {
  payment_method: 'cash' | 'stripe';
  payment_status: PaymentStatus;
  amount_cents: number;
  amount_refunded_cents: number;
  dispute_status?: string;
  withdrawn: boolean;
}): MoneyRow {
  return {
    withdrawn: stored.withdrawn,
    payment_method: stored.payment_method,
    payment_status: reportedStatus(stored),
    ...amountsOf(stored),
  };
}

describe('a registration’s money', () => {
  it('is paid in full or owed in full, never both, and never refunded beyond what was paid', () => {
    fc.assert(
      fc.property(storedRegistration, (stored) => {
        const {
          amount_paid_cents: paid,
          amount_due_cents: due,
          amount_refunded_cents: refunded,
        } = amountsOf(stored);
        expect([0, stored.amount_cents]).toContain(paid);
        expect([0, stored.amount_cents]).toContain(due);
        expect(paid > 0 && due > 0).toBe(false);
        expect(refunded).toBeLessThanOrEqual(paid);
        expect(refunded).toBe(stored.refunds.reduce((a, b) => a + b, 0));
        // Paid exactly when money came in: a card paid, or cash collected
        expect(paid > 0).toBe(stored.payment_status === 'paid' && stored.amount_cents > 0);
      }),
      { numRuns: 500 },
    );
  });

  it('reads as disputed, refunded, partly refunded or paid exactly as its money says', () => {
    fc.assert(
      fc.property(storedRegistration, (stored) => {
        const status = reportedStatus(stored);
        const refunded = stored.amount_refunded_cents;
        if (stored.payment_status !== 'paid') expect(status).toBe(stored.payment_status);
        else if (stored.dispute_status) expect(status).toBe('disputed');
        else if (refunded > 0 && refunded >= stored.amount_cents) expect(status).toBe('refunded');
        else if (refunded > 0) expect(status).toBe('partially_refunded');
        else expect(status).toBe('paid');
      }),
      { numRuns: 500 },
    );
  });
});

describe('a season’s money', () => {
  it('adds up: what came in less what went back is what the club keeps, and nothing is negative', () => {
    fc.assert(
      fc.property(fc.array(storedRegistration, { maxLength: 40 }), (stored) => {
        const money = seasonMoney(stored.map(moneyRow));
        const paid = stored.reduce((sum, s) => sum + amountsOf(s).amount_paid_cents, 0);
        const refunds = stored.flatMap((s) => s.refunds).reduce((a, b) => a + b, 0);
        expect(money.cardPaidCents + money.cashPaidCents).toBe(paid);
        expect(money.refundedCents).toBe(refunds);
        expect(money.netCents).toBe(paid - refunds);
        expect(money.netCents).toBeGreaterThanOrEqual(0);
        // Cash to collect: every cash registration still trying out that owes its amount
        const owing = stored.filter(
          (s) => !s.withdrawn && s.payment_method === 'cash' && s.payment_status === 'cash',
        );
        expect(money.cashDue).toBe(owing.filter((s) => s.amount_cents > 0).length);
        expect(money.cashDueCents).toBe(owing.reduce((sum, s) => sum + s.amount_cents, 0));
        // Card payments not made: card registrations still trying out, not paid
        expect(money.pending).toBe(
          stored.filter((s) => !s.withdrawn && s.payment_method === 'stripe' && s.payment_status !== 'paid')
            .length,
        );
      }),
      { numRuns: 300 },
    );
  });
});
