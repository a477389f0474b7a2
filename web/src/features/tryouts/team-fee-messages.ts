/**
 * The words of the team fee on the dashboard (issue 45 §4): "To pay", paying, the receipt, giving a place up;
 * and (issue 46) a fee paid in instalments.
 */
import { CLUB_TIME_ZONE } from '@club/shared/constants';
import type { InstalmentView } from '@club/shared/instalments';
import { formatCad } from '@club/shared/tryouts';

const dayText = new Intl.DateTimeFormat('en-CA', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const instantDayText = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: CLUB_TIME_ZONE,
});

/** An instalment's due date (`YYYY-MM-DD`, already the club's day): "Tuesday, December 15, 2026". */
export function instalmentDay(date: string): string {
  return dayText.format(new Date(`${date}T00:00:00Z`));
}

export const teamFeeMessages = {
  toPay: (cents: number) => `To pay: ${formatCad(cents)} team fee`,
  team: (name: string) => `Your place on ${name}`,
  paidNotice: (cents: number) => `Your team fee of ${formatCad(cents)} is paid. Thank you!`,
  payByCard: 'Pay by card',
  opening: 'Opening checkout…',
  orCash: 'or pay cash to the club',
  cardOnly: 'This team takes the fee by card.',
  payFailed: 'We could not open the checkout page. Please try again.',
  paid: (cents: number) => `Team fee paid: ${formatCad(cents)}`,
  receipt: 'Download team fee receipt',
  preparingReceipt: 'Preparing receipt…',
  receiptFailed: 'We could not get the receipt. Please try again.',
  giveUp: 'Give up this place',
  giveUpQuestion: (team: string) =>
    `Give up the place on ${team}? The place goes to the next player waiting, and you cannot take it back.`,
  refundPolicyTitle: 'The club’s refund policy:',
  refundDecision:
    'Whether any team fee paid is refunded is the club’s decision; you will get an e-mail if it is.',
  confirmGiveUp: 'Yes, give up the place',
  givingUp: 'Giving up…',
  keepPlace: 'Keep my place',
  giveUpFailed: 'We could not give up the place. Please try again.',
  // A fee in instalments (issue 46).
  toPayInInstalments: (cents: number, count: number) =>
    `To pay: ${formatCad(cents)} team fee, in ${count} instalments`,
  onPlan: (paid: number, count: number) => `Team fee: ${paid} of ${count} instalments paid`,
  planLabel: 'Your team fee instalments',
  offerPlanLabel: 'The team fee’s instalments',
  payFirst: (cents: number) => `Pay first instalment (${formatCad(cents)})`,
  firstByCard:
    'The first instalment is paid by card now; your card is saved and charged for the others on their dates.',
  instalmentOf: (n: number, total: number) => `Instalment ${n} of ${total}`,
  instalmentAmount: (cents: number) => formatCad(cents),
  dueOn: (day: string) => `Due ${day}`,
  dueOnAcceptance: 'Due when you accept',
  payNow: 'Pay now',
  declinedNotice: (n: number) =>
    `Instalment ${n} could not be charged to your card. Pay it now with the button below.`,
  instalmentState: (instalment: InstalmentView) => {
    switch (instalment.state) {
      case 'due':
        return 'To pay';
      case 'scheduled':
        return 'Scheduled: charged to your card that day';
      case 'processing':
        return 'Being charged';
      case 'paid':
        return instalment.paid_at ? `Paid ${instantDayText.format(new Date(instalment.paid_at))}` : 'Paid';
      case 'declined':
        return `Declined: ${instalment.declined_reason ?? 'the card could not be charged.'}`;
      case 'stopped':
        return 'Not charged: the place was given up';
    }
  },
} as const;
