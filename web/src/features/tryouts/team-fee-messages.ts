/** The words of the team fee on the dashboard (issue 45 §4): "To pay", paying, the receipt, giving a place up. */
import { formatCad } from '@club/shared/tryouts';

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
} as const;
