/**
 * The treasurer's view of a season's money (issue 46 §3) and a household's statement for a year: the shapes
 * the server answers and the screens read. Both come from one derivation on the server
 * (functions/src/services/money/ledger.ts), so the table, the CSV and a family's statement always agree.
 */

/** Which fee money was for: the tryout's registration fee, or a team's fee after an accepted offer. */
export const MONEY_FEES = ['tryout', 'team'] as const;
export type MoneyFee = (typeof MONEY_FEES)[number];

/** How it was paid: a card (Stripe Checkout), cash, Interac e-Transfer, or a team fee split into instalments. */
export const MONEY_METHODS = ['card', 'cash', 'etransfer', 'instalments'] as const;
export type MoneyMethod = (typeof MONEY_METHODS)[number];

export const MONEY_FEE_LABELS: Record<MoneyFee, string> = { tryout: 'Tryout fee', team: 'Team fee' };
export const MONEY_METHOD_LABELS: Record<MoneyMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  etransfer: 'e-Transfer',
  instalments: 'Instalment plan',
};

/**
 * One fee and method's money, in cents. `expected` is what its registrations and fees are to bring in:
 * `collected` (paid in, before refunds) plus `outstanding` (still owed; nothing for a withdrawn registration or
 * an ended offer). `refunded` went back; `disputed` is card money a bank has challenged and not returned to the
 * club (a dispute the club won is not counted). `stripe_fee_cents` is what Stripe kept, where it said; null
 * when it reported none. `count`: the registrations or team fees counted.
 */
export interface MoneyFigures {
  expected_cents: number;
  collected_cents: number;
  outstanding_cents: number;
  refunded_cents: number;
  disputed_cents: number;
  stripe_fee_cents: number | null;
  count: number;
}

export interface MoneyLine extends MoneyFigures {
  fee: MoneyFee;
  method: MoneyMethod;
}

/** GET /admin/seasons/{id}/money: the lines (only those with anything in them) and their sums. */
export interface SeasonMoneyView {
  season_id: string;
  season_name: string;
  lines: MoneyLine[];
  totals: MoneyFigures;
}

/** One payment or refund of a household's statement; a refund's amount is negative. */
export interface StatementEntry {
  /** The day in Edmonton, YYYY-MM-DD. */
  date: string;
  season_name: string;
  child: string;
  fee: MoneyFee;
  method: MoneyMethod;
  kind: 'payment' | 'refund';
  amount_cents: number;
  /** Stripe's payment or refund id, the bank's reference, or "cash". */
  reference: string;
}

/** GET /households/mine/statement?year=: every payment and refund of the household's children that year. */
export interface HouseholdStatement {
  year: number;
  entries: StatementEntry[];
  paid_cents: number;
  refunded_cents: number;
  /** Paid less refunded. */
  net_cents: number;
}
