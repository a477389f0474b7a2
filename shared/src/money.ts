/** Money as the club writes it (integer cents of CAD, shown in dollars), and what a registration has paid and owes; fee-text.ts reads a typed fee. */
import { onFirstUse } from './first-use';
import type { PaymentStatus } from './types';

/**
 * The one definition of a registration's money and payment state (issue 35): the server's rows and CSV, the
 * family's dashboard and receipts, the admin's totals and filters, and the test mocks all read these, so
 * "paid", "owed", "refunded" and "card not paid yet" mean one thing everywhere. Property tests
 * (money.test.ts, and functions' admin-rows.test.ts) hold the totals of any mix of payments, refunds and
 * disputes to it. What the admin's totals and filters read of rows is season-money.ts, built on this (a
 * module of its own so the first page, which reads this one, does not carry it: decision 54).
 */

/** The statuses of a registration whose money is in (some of it may have been refunded since). */
export const PAID_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded', 'disputed'];

/** The statuses that still owe the registration's amount: cash to collect, a card payment not made. */
export const OWING_STATUSES: readonly PaymentStatus[] = ['cash', 'pending', 'failed', 'awaiting_etransfer'];

/**
 * The status a registration answers with: the stored one, except that a paid registration reads as disputed
 * while its card payment is disputed, refunded once all of it went back, partially_refunded once some did.
 */
export function reportedStatus(tryout: {
  amount_cents: number;
  payment_status: PaymentStatus;
  amount_refunded_cents?: number;
  dispute_status?: string;
}): PaymentStatus {
  if (tryout.payment_status !== 'paid') return tryout.payment_status;
  if (tryout.dispute_status) return 'disputed';
  const refunded = tryout.amount_refunded_cents ?? 0;
  if (refunded > 0 && refunded >= tryout.amount_cents) return 'refunded';
  if (refunded > 0) return 'partially_refunded';
  return 'paid';
}

/**
 * What a registration has paid and still owes, in cents: its amount is paid once its status is 'paid', owed
 * while it is cash to collect or a card payment not made (pending, failed); a settling payment owes nothing
 * more. Refunds come off what was paid.
 */
export function amountsOf(tryout: {
  amount_cents: number;
  payment_status: PaymentStatus;
  amount_refunded_cents?: number;
}): { amount_paid_cents: number; amount_refunded_cents: number; amount_due_cents: number } {
  const paid = PAID_STATUSES.includes(tryout.payment_status) ? tryout.amount_cents : 0;
  const owed = OWING_STATUSES.includes(tryout.payment_status) ? tryout.amount_cents : 0;
  return {
    amount_paid_cents: paid,
    amount_refunded_cents: tryout.amount_refunded_cents ?? 0,
    amount_due_cents: owed,
  };
}

/**
 * Made once, on first use: building a formatter costs far more than using one (the admin table formats every
 * row), and built at import it would be part of every function's cold start (first-use.ts).
 */
const CAD = /* @__PURE__ */ onFirstUse(
  () => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }),
);

/** Cents as the club writes money: 5000 → '$50.00'. */
export function formatCad(cents: number): string {
  return CAD().format(cents / 100);
}
