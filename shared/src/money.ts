/** Money as the club writes it (integer cents of CAD, shown in dollars), and what a registration has paid and owes; fee-text.ts reads a typed fee. */
import { onFirstUse } from './first-use';
import type { PaymentStatus } from './types';

/**
 * The one definition of a registration's money and payment state (issue 35): the server's rows and CSV, the
 * family's dashboard and receipts, the admin's totals and filters, and the test mocks all read these, so
 * "paid", "owed", "refunded" and "card not paid yet" mean one thing everywhere. Property tests
 * (money.test.ts, and functions' admin-rows.test.ts) hold the totals of any mix of payments, refunds and
 * disputes to it.
 */

/** The statuses of a registration whose money is in (some of it may have been refunded since). */
export const PAID_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded', 'disputed'];

/** The statuses that still owe the registration's amount: cash to collect, a card payment not made. */
export const OWING_STATUSES: readonly PaymentStatus[] = ['cash', 'pending', 'failed'];

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

/** What the admin's totals and filters read of a row (AdminTryoutRow has all of it). */
export interface MoneyRow {
  withdrawn: boolean;
  payment_method: 'cash' | 'stripe';
  payment_status: PaymentStatus;
  amount_paid_cents: number;
  amount_refunded_cents: number;
  amount_due_cents: number;
}

/** Cash still to collect on tryout day (not withdrawn). */
export const owesCash = (row: MoneyRow): boolean =>
  !row.withdrawn && row.payment_method === 'cash' && row.amount_due_cents > 0;

/** A card payment not made yet: not started, abandoned, settling or failed (not withdrawn). */
export const cardPaymentPending = (row: MoneyRow): boolean =>
  !row.withdrawn &&
  row.payment_method === 'stripe' &&
  ['pending', 'processing', 'failed'].includes(row.payment_status);

/** Nothing left to pay on a registration still trying out (paid, free, or settled some other way). */
export const settled = (row: MoneyRow): boolean => !row.withdrawn && row.amount_due_cents === 0;

/** A season's money at a glance (issue 18): what came in by card and cash, went back, is still owed. */
export interface SeasonMoney {
  /** Paid by card, before refunds. */
  cardPaidCents: number;
  /** Paid in cash (collected), before refunds. */
  cashPaidCents: number;
  /** Given back, by card and in cash. */
  refundedCents: number;
  /** What the club keeps: paid less refunded. */
  netCents: number;
  /** Cash still to collect, and from how many registrations. */
  cashDueCents: number;
  cashDue: number;
  /** Card payments not made yet. */
  pending: number;
}

export function seasonMoney(rows: readonly MoneyRow[]): SeasonMoney {
  const money: SeasonMoney = {
    cardPaidCents: 0,
    cashPaidCents: 0,
    refundedCents: 0,
    netCents: 0,
    cashDueCents: 0,
    cashDue: 0,
    pending: 0,
  };
  for (const row of rows) {
    if (row.payment_method === 'stripe') money.cardPaidCents += row.amount_paid_cents;
    else money.cashPaidCents += row.amount_paid_cents;
    money.refundedCents += row.amount_refunded_cents;
    if (owesCash(row)) {
      money.cashDue += 1;
      money.cashDueCents += row.amount_due_cents;
    }
    if (cardPaymentPending(row)) money.pending += 1;
  }
  money.netCents = money.cardPaidCents + money.cashPaidCents - money.refundedCents;
  return money;
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
