/**
 * A season's money as the admin's screens count it (issue 35): which rows owe cash, which card payments are
 * not made, and the totals, from the rows' amounts (money.ts amountsOf gives them). The admin's table,
 * filters and check-in view read this; the server's rows and CSV carry the amounts it counts.
 */
import type { PaymentMethod } from './constants';
import type { PaymentStatus } from './types';

/** What the admin's totals and filters read of a row (AdminTryoutRow has all of it). */
export interface MoneyRow {
  withdrawn: boolean;
  payment_method: PaymentMethod;
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
