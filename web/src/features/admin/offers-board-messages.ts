/** The words of the admin's offers board (issue 45 §5), and a fee in instalments (issue 46). */
import { CLUB_TIME_ZONE } from '@club/shared/constants';
import type { InstalmentView } from '@club/shared/instalments';
import type { OfferState } from '@club/shared/offers';
import type { AdminOfferFee } from '@club/shared/team-fees';
import { formatCad } from '@club/shared/tryouts';

const shortDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** An instant (a payment's time) as the club's day: "Nov 28, 2026" in Edmonton. */
const paidDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: CLUB_TIME_ZONE,
});

export const offersBoardMessages = {
  title: 'Offers board',
  ageGroup: 'Show teams of',
  allGroups: 'All age groups',
  refresh: 'Refresh',
  loading: 'Loading the offers board…',
  failed: 'We could not load the offers board. Please try again.',
  notPublished: 'Offers are not out yet: the counts fill in once they are published.',
  noTeams: 'No teams in this season yet.',
  places: 'Places',
  open: 'Open',
  collected: 'Fees collected',
  owed: 'Still owed',
  fee: (cents: number, cash: boolean) =>
    `Team fee ${formatCad(cents)}, ${cash ? 'card or cash' : 'card only'}`,
  noFee: 'No team fee',
  counts: {
    accepted: 'Accepted',
    offered: 'Offered',
    declined: 'Declined',
    expired: 'Expired',
    rescinded: 'Rescinded',
  },
  state: {
    waiting: 'Waiting',
    offered: 'Offered',
    accepted: 'Accepted',
    declined: 'Declined',
    expired: 'Expired',
    rescinded: 'Rescinded',
  } satisfies Record<OfferState | 'waiting', string>,
  withdrawn: 'Withdrew after accepting',
  alternates: 'Alternates, in order',
  noAlternates: 'No alternates.',
  players: 'Offers',
  noOffers: 'No offers yet.',
  feeState: (fee: AdminOfferFee) => {
    if (fee.fee_cents === 0) return 'No fee';
    if (fee.fee_state === 'paid') {
      const how = fee.fee_method === 'cash' ? 'cash' : 'card';
      return fee.refunded_cents > 0
        ? `Paid ${formatCad(fee.fee_cents)} (${how}), ${formatCad(fee.refunded_cents)} refunded`
        : `Paid ${formatCad(fee.fee_cents)} (${how})`;
    }
    if (fee.fee_state === 'on_plan') {
      const plan = fee.instalments ?? [];
      const paid = plan.filter((i) => i.state === 'paid').length;
      return `On a plan: ${formatCad(fee.paid_cents)} of ${formatCad(fee.fee_cents)} paid (${paid} of ${plan.length} instalments)`;
    }
    return fee.state === 'accepted' ? `To pay ${formatCad(fee.fee_cents)}` : '';
  },
  planLabel: (who: string) => `${who}: team fee instalments`,
  instalmentDeclined: (n: number) => `Instalment ${n} declined`,
  instalment: (i: InstalmentView, total: number) =>
    `${i.n} of ${total}: ${formatCad(i.amount_cents)}${i.due_date ? `, due ${shortDay.format(new Date(`${i.due_date}T00:00:00Z`))}` : ', on acceptance'}`,
  instalmentState: (i: InstalmentView) => {
    const tries = `${i.attempts} ${i.attempts === 1 ? 'try' : 'tries'}`;
    switch (i.state) {
      case 'due':
        return 'Due';
      case 'scheduled':
        return 'Scheduled';
      case 'processing':
        return 'Being charged';
      case 'paid':
        return 'Paid';
      case 'declined':
        return `Declined after ${tries}: ${i.declined_reason ?? 'the card could not be charged.'}`;
      case 'stopped':
        return 'Stopped';
    }
  },
  collect: 'Cash collected',
  uncollect: 'Not collected',
  cashSaved: (who: string) => `Cash collected for ${who}.`,
  cashUndone: (who: string) => `Cash marked not collected for ${who}.`,
  cashFailed: 'We could not record the cash. Please try again.',
  refund: 'Refund',
  refundAmount: 'Amount to refund ($)',
  refundWhy: 'Reason',
  refundInstalment: 'Instalment',
  refundInstalmentOption: (i: {
    n: number;
    amount_cents: number;
    paid_at: string | null;
    left_cents: number;
  }) =>
    `${i.n}: ${formatCad(i.amount_cents)} paid${i.paid_at ? ` ${paidDay.format(new Date(i.paid_at))}` : ''} (${
      i.left_cents > 0 ? `${formatCad(i.left_cents)} left` : 'all refunded'
    })`,
  refundInstalmentLeft: (n: number, left: number) =>
    `Up to ${formatCad(left)} of instalment ${n} can be refunded.`,
  refundTooMuch: (left: number) => `Enter an amount from $0.01 to ${formatCad(left)}.`,
  refundReason: 'Please say why the money is refunded.',
  confirmRefund: 'Refund',
  refunding: 'Refunding…',
  refunded: (cents: number, who: string) => `Refunded ${formatCad(cents)} to ${who}.`,
  refundFailed: 'We could not make the refund. Please try again.',
  cancel: 'Cancel',
  rescind: 'Rescind',
  expire: 'Mark expired',
  askRescind: (who: string) =>
    `Rescind the offer to ${who}? The family is no longer offered the place, and it may go to the team’s next alternate.`,
  askExpire: (who: string) =>
    `Mark the offer to ${who} as expired? The family can no longer answer it, and the place may go to the team’s next alternate.`,
  endReason: 'Reason (optional)',
  confirmRescind: 'Yes, rescind',
  confirmExpire: 'Yes, mark expired',
  ending: 'Saving…',
  rescinded: (who: string) => `Offer to ${who} rescinded.`,
  expiredDone: (who: string) => `Offer to ${who} marked expired.`,
  endFailed: 'We could not change the offer. Please try again.',
} as const;
