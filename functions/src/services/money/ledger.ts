/**
 * A season's money as the treasurer reads it (issue 46 §3): ONE derivation, from the items of one read of the
 * season's partition (db/money/season-money-items.ts), of every payment and refund (the CSV's lines and a
 * family's statement) and of the figures per fee and method (GET /admin/seasons/{id}/money). The figures are
 * sums of the same payments and refunds, so the table, the file and the statement cannot disagree:
 * - a registration or team fee brings in `expected` = `collected` (its payments, before refunds) +
 *   `outstanding` (what it still owes: nothing once withdrawn or its offer ended);
 * - `refunded` is the refunds that went through (a card refund still waiting for Stripe is not money back);
 * - the CSV's amounts (payments positive, refunds negative) add up to collected − refunded.
 */
import {
  MONEY_FEES,
  MONEY_METHODS,
  type MoneyFee,
  type MoneyFigures,
  type MoneyLine,
  type MoneyMethod,
  type PaymentStatus,
} from '@club/shared';
import { OWING_STATUSES, PAID_STATUSES } from '@club/shared/money';
import type { RefundItem } from '../../db/money/refunds';
import type { InstalmentMoney, SeasonMoneyItems } from '../../db/money/season-money-items';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { guardiansOfRow, type RegistrationItem } from '../../db/registration/registration-item';

/** One payment or refund: a line of the CSV and of a family's statement. */
export interface LedgerEntry {
  /** When the money moved (ISO instant). */
  at: string;
  season_id: string;
  player_id: string;
  /** The family: the registration's first guardian (the player for one made before households). */
  family: string;
  child: string;
  fee: MoneyFee;
  method: MoneyMethod;
  kind: 'payment' | 'refund';
  /** Cents; a refund's is negative. */
  amount_cents: number;
  /** Stripe's PaymentIntent or refund id, the bank's reference, or "cash". */
  reference: string;
}

export interface Ledger {
  lines: MoneyLine[];
  totals: MoneyFigures;
  /** Every payment and refund, oldest first. */
  entries: LedgerEntry[];
}

/** What one registration, team fee or instalment plan adds to its line. */
interface Contribution {
  fee: MoneyFee;
  method: MoneyMethod;
  collected: number;
  outstanding: number;
  refunded: number;
  disputed: number;
  stripeFee: number | null;
  counted: boolean;
}

/** A settling card payment is still owed: the money is not in until it clears. */
const OWING: readonly PaymentStatus[] = [...OWING_STATUSES, 'processing'];
/** A dispute the club won (or a warning that closed) gave the money back to the club. */
const DISPUTE_SETTLED = new Set(['won', 'warning_closed']);

const emptyFigures = (): MoneyFigures => ({
  expected_cents: 0,
  collected_cents: 0,
  outstanding_cents: 0,
  refunded_cents: 0,
  disputed_cents: 0,
  stripe_fee_cents: null,
  count: 0,
});

/** How a registration or team fee was (or is to be) paid, as the money view names it. */
function methodOf(stored: string | undefined): MoneyMethod {
  if (stored === 'cash' || stored === 'etransfer') return stored;
  return 'card';
}

const nameOf = (t: Pick<RegistrationItem, 'first_name' | 'last_name'>) => `${t.first_name} ${t.last_name}`;

/** Registration fields the e-Transfer part writes (design: `etransfer_paid_*`), read when present. */
interface EtransferFields {
  etransfer_paid_at?: string;
  etransfer_bank_reference?: string;
  etransfer_reference?: string;
}

/** Team fee fields of a plan and of Stripe's fee, read when present. */
interface PlanFields {
  fee_plan?: { amounts: number[]; due_dates: string[] };
  stripe_fee_cents?: number;
}

/** Refund items that went through, by player. */
function succeededByPlayer(refunds: readonly RefundItem[]): Map<string, RefundItem[]> {
  const byPlayer = new Map<string, RefundItem[]>();
  for (const refund of refunds) {
    if (refund.status !== 'succeeded') continue;
    byPlayer.set(refund.player_id, [...(byPlayer.get(refund.player_id) ?? []), refund]);
  }
  return byPlayer;
}

/** The payments, refunds and figures of a season, from its items (pure: the tests feed it any mix). */
export function deriveLedger(items: Omit<SeasonMoneyItems, 'season'>): Ledger {
  const entries: LedgerEntry[] = [];
  const contributions: Contribution[] = [];
  const tryoutRefunds = succeededByPlayer(items.refunds);
  const teamRefunds = succeededByPlayer(items.teamFeeRefunds);
  const registrationOf = new Map(items.tryouts.map((t) => [t.player_id, t]));

  for (const t of items.tryouts) {
    const who = { season_id: t.season_id, player_id: t.player_id, family: familyOf(t), child: nameOf(t) };
    const method = methodOf(t.payment_method);
    const e = t as RegistrationItem & EtransferFields & PlanFields;
    const collected = PAID_STATUSES.includes(t.payment_status) ? t.amount_cents : 0;
    const outstanding = !t.withdrawn && OWING.includes(t.payment_status) ? t.amount_cents : 0;
    if (collected > 0) {
      entries.push({
        ...who,
        at: t.paid_at ?? t.cash_collected_at ?? e.etransfer_paid_at ?? t.created_at,
        fee: 'tryout',
        method,
        kind: 'payment',
        amount_cents: collected,
        reference:
          method === 'card'
            ? (t.payment_intent_id ?? t.paid_session_id ?? '')
            : method === 'etransfer'
              ? (e.etransfer_bank_reference ?? e.etransfer_reference ?? '')
              : 'cash',
      });
    }
    const refunded = refundEntries(tryoutRefunds.get(t.player_id), who, 'tryout', method, entries);
    contributions.push({
      fee: 'tryout',
      method,
      collected,
      outstanding,
      refunded,
      disputed:
        t.dispute_status && !DISPUTE_SETTLED.has(t.dispute_status) ? Math.max(0, collected - refunded) : 0,
      stripeFee: collected > 0 ? (e.stripe_fee_cents ?? null) : null,
      counted: collected > 0 || outstanding > 0 || (!t.withdrawn && t.amount_cents === 0),
    });
  }

  const instalmentsOf = new Map<string, InstalmentMoney[]>();
  for (const i of items.instalments) {
    instalmentsOf.set(i.player_id, [...(instalmentsOf.get(i.player_id) ?? []), i]);
  }
  for (const offer of items.offers) {
    const t = registrationOf.get(offer.player_id);
    const who = {
      season_id: offer.season_id,
      player_id: offer.player_id,
      family: t ? familyOf(t) : '',
      child: t ? nameOf(t) : '',
    };
    const contribution = teamFeeOf(offer, instalmentsOf.get(offer.player_id) ?? [], who, entries);
    if (!contribution) continue;
    contribution.refunded = refundEntries(
      teamRefunds.get(offer.player_id),
      who,
      'team',
      contribution.method,
      entries,
    );
    contributions.push(contribution);
  }

  entries.sort((a, b) => a.at.localeCompare(b.at) || a.kind.localeCompare(b.kind));
  return { ...figuresOf(contributions), entries };
}

/** The family a registration's money is named by: its first guardian (its player before households). */
function familyOf(t: RegistrationItem): string {
  return guardiansOfRow(t)[0]?.name ?? nameOf(t);
}

type Who = Pick<LedgerEntry, 'season_id' | 'player_id' | 'family' | 'child'>;

/** A registration's or team fee's refunds that went through, as entries; their sum. */
function refundEntries(
  refunds: readonly RefundItem[] | undefined,
  who: Who,
  fee: MoneyFee,
  method: MoneyMethod,
  entries: LedgerEntry[],
): number {
  let sum = 0;
  for (const refund of refunds ?? []) {
    sum += refund.amount_cents;
    entries.push({
      ...who,
      at: refund.created_at,
      fee,
      method,
      kind: 'refund',
      amount_cents: -refund.amount_cents,
      // Money the club gave back itself (cash, e-Transfer) has no Stripe id: the file names how.
      reference:
        refund.stripe_refund_id ??
        (refund.method === 'cash' ? 'cash' : refund.method === 'etransfer' ? 'e-Transfer' : refund.key),
    });
  }
  return sum;
}

/**
 * A team fee's payments and what it still owes. Paid in full (card, cash): the offer's fee fields. On an
 * instalment plan (`fee_plan`): instalment 1 is the offer's fee fields, 2..n their own items. An offer never
 * accepted with a fee adds nothing.
 */
function teamFeeOf(
  offer: TeamFeeOffer & PlanFields,
  instalments: readonly InstalmentMoney[],
  who: Who,
  entries: LedgerEntry[],
): Contribution | null {
  const active = offer.state === 'accepted';
  const firstPaid = offer.fee_paid_at !== undefined && offer.fee_state !== 'to_pay';
  if (offer.fee_cents <= 0 || (!active && !firstPaid)) return null;
  const reference =
    offer.fee_method === 'cash' ? 'cash' : (offer.fee_payment_intent_id ?? offer.fee_paid_session_id ?? '');
  if (offer.fee_plan) {
    const first = offer.fee_plan.amounts[0] ?? 0;
    let collected = 0;
    let stripeFee: number | null = null;
    const addFee = (fee: number | undefined) => {
      if (fee !== undefined) stripeFee = (stripeFee ?? 0) + fee;
    };
    if (firstPaid) {
      collected += first;
      addFee(offer.stripe_fee_cents);
      entries.push({
        ...who,
        at: offer.fee_paid_at!,
        fee: 'team',
        method: 'instalments',
        kind: 'payment',
        amount_cents: first,
        reference,
      });
    }
    let owed = active && !firstPaid ? first : 0;
    // Instalments 2..n: their items once the first is paid; before that, the plan's amounts.
    offer.fee_plan.amounts.slice(1).forEach((amount, index) => {
      const i = instalments.find((item) => item.n === index + 2);
      if (i?.state === 'paid') {
        collected += i.amount_cents;
        addFee(i.stripe_fee_cents);
        entries.push({
          ...who,
          at: i.paid_at ?? offer.fee_paid_at ?? offer.offered_at,
          fee: 'team',
          method: 'instalments',
          kind: 'payment',
          amount_cents: i.amount_cents,
          reference: i.payment_intent_id ?? '',
        });
      } else if (active && i?.state !== 'stopped') owed += i?.amount_cents ?? amount;
    });
    return {
      fee: 'team',
      method: 'instalments',
      collected,
      outstanding: owed,
      refunded: 0,
      disputed: 0,
      stripeFee,
      counted: true,
    };
  }
  const method = methodOf(offer.fee_method);
  const paid = offer.fee_state === 'paid';
  if (paid) {
    entries.push({
      ...who,
      at: offer.fee_paid_at ?? offer.offered_at,
      fee: 'team',
      method,
      kind: 'payment',
      amount_cents: offer.fee_cents,
      reference,
    });
  }
  return {
    fee: 'team',
    method,
    collected: paid ? offer.fee_cents : 0,
    outstanding: active && !paid ? offer.fee_cents : 0,
    refunded: 0,
    disputed: 0,
    stripeFee: paid ? (offer.stripe_fee_cents ?? null) : null,
    counted: true,
  };
}

/** The lines (fee × method, in that order, those with anything in them) and their sums. */
function figuresOf(contributions: readonly Contribution[]): Pick<Ledger, 'lines' | 'totals'> {
  const lines: MoneyLine[] = [];
  for (const fee of MONEY_FEES) {
    for (const method of MONEY_METHODS) {
      const mine = contributions.filter((c) => c.fee === fee && c.method === method);
      const line: MoneyLine = { fee, method, ...emptyFigures() };
      for (const c of mine) add(line, c);
      if (line.count > 0 || line.collected_cents > 0 || line.refunded_cents > 0) lines.push(line);
    }
  }
  const totals = emptyFigures();
  for (const line of lines) {
    totals.expected_cents += line.expected_cents;
    totals.collected_cents += line.collected_cents;
    totals.outstanding_cents += line.outstanding_cents;
    totals.refunded_cents += line.refunded_cents;
    totals.disputed_cents += line.disputed_cents;
    totals.count += line.count;
    if (line.stripe_fee_cents !== null)
      totals.stripe_fee_cents = (totals.stripe_fee_cents ?? 0) + line.stripe_fee_cents;
  }
  return { lines, totals };
}

function add(line: MoneyFigures, c: Contribution): void {
  line.expected_cents += c.collected + c.outstanding;
  line.collected_cents += c.collected;
  line.outstanding_cents += c.outstanding;
  line.refunded_cents += c.refunded;
  line.disputed_cents += c.disputed;
  if (c.counted) line.count += 1;
  if (c.stripeFee !== null) line.stripe_fee_cents = (line.stripe_fee_cents ?? 0) + c.stripeFee;
}
