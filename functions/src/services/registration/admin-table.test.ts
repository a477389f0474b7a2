/**
 * The server's rows and CSV read the one money definition (issue 35): for any mix of cash and card payments,
 * refunds and disputes, the admin row's paid, owed and refunded amounts and its status, and the CSV's Paid
 * and Refunded columns, are what shared money.ts says, and the season's totals over the rows add up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsOf, reportedStatus, type PaymentStatus } from '@club/shared';
import { seasonMoney } from '@club/shared/season-money';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { exportRow, toAdminRow } from './admin-table';

const stored = fc
  .record({
    method: fc.constantFrom('cash' as const, 'stripe' as const),
    cashStatus: fc.constantFrom<PaymentStatus>('cash', 'paid'),
    cardStatus: fc.constantFrom<PaymentStatus>('pending', 'processing', 'paid', 'failed'),
    amount_cents: fc.integer({ min: 0, max: 100_000 }),
    refundedPercent: fc.integer({ min: 0, max: 100 }),
    disputed: fc.boolean(),
    withdrawn: fc.boolean(),
    number: fc.integer({ min: 1, max: 9_999 }),
  })
  .map((r): RegistrationItem => {
    const payment_status = r.method === 'cash' ? r.cashStatus : r.cardStatus;
    const paid = payment_status === 'paid';
    return {
      id: `season.${r.number}`,
      season_id: 'season',
      player_id: String(r.number),
      user_id: 'account',
      tryout_number: r.number,
      age_group: '13U Boys',
      payment_method: r.method,
      payment_status,
      amount_cents: r.amount_cents,
      attended: false,
      result: '',
      email_sent: false,
      created_at: '2026-11-27T00:00:00.000Z',
      first_name: 'Avery',
      last_name: 'Quinn',
      email: 'avery@example.test',
      date_of_birth: '2013-01-01',
      is_under_18: true,
      parent_consent: true,
      phone_number: '7805550134',
      emergency_contact_name: 'Robin Quinn',
      emergency_contact_phone: '7805550199',
      emergency_contact_email: 'robin@example.test',
      emergency_contact_relationship: 'parent',
      withdrawn: r.withdrawn,
      ...(paid ? { amount_refunded_cents: Math.floor((r.amount_cents * r.refundedPercent) / 100) } : {}),
      ...(paid && r.method === 'stripe' && r.disputed ? { dispute_status: 'needs_response' } : {}),
    };
  });

/** "12.50" → 1250: the CSV's dollars back in cents. */
const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);

describe('the admin row and the CSV', () => {
  it('carry each registration’s money as the shared definition gives it', () => {
    fc.assert(
      fc.property(stored, (t) => {
        const row = toAdminRow(t, null, Date.now());
        const line = exportRow(t, null, Date.now());
        expect(row).toMatchObject({ ...amountsOf(t), payment_status: reportedStatus(t) });
        expect(cents(line[5])).toBe(row.amount_paid_cents);
        expect(cents(line[6])).toBe(row.amount_refunded_cents);
        expect(row.amount_refunded_cents).toBeLessThanOrEqual(row.amount_paid_cents);
      }),
      { numRuns: 300 },
    );
  });

  it('add up over a season to the same totals as the CSV', () => {
    fc.assert(
      fc.property(fc.array(stored, { maxLength: 30 }), (tryouts) => {
        const money = seasonMoney(tryouts.map((t) => toAdminRow(t, null, Date.now())));
        const lines = tryouts.map((t) => exportRow(t, null, Date.now()));
        const csvPaid = lines.reduce((sum, l) => sum + cents(l[5]), 0);
        const csvRefunded = lines.reduce((sum, l) => sum + cents(l[6]), 0);
        expect(money.cardPaidCents + money.cashPaidCents).toBe(csvPaid);
        expect(money.refundedCents).toBe(csvRefunded);
        expect(money.netCents).toBe(csvPaid - csvRefunded);
      }),
      { numRuns: 200 },
    );
  });
});
