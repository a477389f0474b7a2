/**
 * A team fee in instalments (issue 46 §1): the plan a team's settings make of an offer's fee, and an offer's
 * instalments as the family and the admin see them (shared InstalmentView), from the offer (instalment 1) and
 * its INSTALMENT# items (2..n).
 */
import {
  INSTALMENT_DECLINE_REASONS,
  splitFee,
  type InstalmentDeclineReason,
  type InstalmentView,
} from '@club/shared';
import type { FeePlan, InstalmentItem } from '../../db/money/instalments';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import type { OfferItem } from '../../db/offers/offers';
import type { TeamItem } from '../../db/teams/teams';

/** Stripe's least charge in Canadian dollars: a fee too small to split into parts of at least this is paid whole. */
const MIN_INSTALMENT_CENTS = 50;

/**
 * The plan of an offer's fee under its team's settings now: the fee split over the first instalment and one
 * per due date. None (paid in full, as before) when the team has no dates, the fee is 0 or a part would be
 * under Stripe's least charge.
 */
export function planOf(feeCents: number, team: Pick<TeamItem, 'instalment_due_dates'>): FeePlan | undefined {
  const dates = team.instalment_due_dates ?? [];
  if (dates.length === 0 || feeCents <= 0) return undefined;
  const amounts = splitFee(feeCents, dates.length + 1);
  if (Math.min(...amounts) < MIN_INSTALMENT_CENTS) return undefined;
  return { amounts, due_dates: [...dates] };
}

const VIEW_STATE = {
  scheduled: 'scheduled',
  charging: 'processing',
  processing: 'processing',
  paid: 'paid',
  declined: 'declined',
  stopped: 'stopped',
} as const;

/**
 * An offer's instalments 1..n, or null when its fee is paid in full. While offered: the team's plan as it
 * stands (nothing charged yet). Accepted: instalment 1 from the offer's fee fields, 2..n from their items (or
 * the plan, scheduled, before the first is paid). An offer that ended with an instalment unpaid shows it
 * stopped.
 */
export function instalmentViews(
  offer: OfferItem,
  items: InstalmentItem[],
  team: Pick<TeamItem, 'instalment_due_dates'> | null,
): InstalmentView[] | null {
  const fee = offer as TeamFeeOffer;
  const plan =
    offer.state === 'offered' ? (team ? planOf(offer.fee_cents, team) : undefined) : offer.fee_plan;
  // Paid in cash instead (before any card instalment): no plan to show.
  if (!plan || (fee.fee_method === 'cash' && fee.fee_state === 'paid')) return null;
  const live = offer.state === 'offered' || offer.state === 'accepted';
  const firstPaid = fee.fee_method === 'stripe' && (fee.fee_state === 'on_plan' || fee.fee_state === 'paid');
  const first: InstalmentView = {
    n: 1,
    amount_cents: plan.amounts[0]!,
    due_date: null,
    state: firstPaid ? 'paid' : !live ? 'stopped' : fee.fee_processing ? 'processing' : 'due',
    paid_at: firstPaid ? (fee.fee_paid_at ?? null) : null,
    declined_reason: null,
    attempts: 0,
  };
  const byN = new Map(items.map((item) => [item.n, item]));
  const rest = plan.due_dates.map((dueDate, i): InstalmentView => {
    const n = i + 2;
    const item = byN.get(n);
    if (!item) {
      return {
        n,
        amount_cents: plan.amounts[n - 1]!,
        due_date: dueDate,
        state: live ? 'scheduled' : 'stopped',
        paid_at: null,
        declined_reason: null,
        attempts: 0,
      };
    }
    return {
      n,
      amount_cents: item.amount_cents,
      due_date: item.due_date,
      state: VIEW_STATE[item.state],
      paid_at: item.paid_at ?? null,
      declined_reason:
        item.state === 'declined'
          ? (INSTALMENT_DECLINE_REASONS[item.declined_reason as InstalmentDeclineReason] ??
            INSTALMENT_DECLINE_REASONS.other)
          : null,
      attempts: item.attempts,
    };
  });
  return [first, ...rest];
}
