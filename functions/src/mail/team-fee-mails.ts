/**
 * What a family is told about a team fee (issue 45 §4): its confirmation once it is paid (by card or in cash),
 * with the amount, how, and where the receipt is; and each refund of it.
 */
import { formatCad } from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

export interface TeamFeeFacts {
  to: string;
  /** Whom the mail greets: the account that registered the player. */
  firstName: string;
  /** The player's first name; null when the player is the account holder. */
  athleteName: string | null;
  teamName: string;
  seasonName: string;
}

const footer = () => `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`;

export function teamFeePaidMail(
  input: TeamFeeFacts & { amountCents: number; method: 'stripe' | 'cash'; paidAt: string },
): MailMessage {
  const whose = input.athleteName ? `${input.athleteName}’s` : 'Your';
  const how = input.method === 'stripe' ? 'by card' : 'in cash';
  return compose({
    to: input.to,
    kind: 'team-fee-paid',
    subject: `${whose} ${input.teamName} team fee is paid`,
    firstName: input.firstName,
    paragraphs: [
      `${CLUB_NAME} received ${formatCad(input.amountCents)} ${how} for ${input.athleteName ? `${input.athleteName}’s` : 'your'} place on ${input.teamName} (${input.seasonName}).`,
      'Your receipt is on your dashboard, where you can print it or save it.',
    ],
    action: { label: 'View my dashboard', url: siteLink('/dashboard') },
    footer: footer(),
  });
}

export function teamFeeRefundMail(
  input: TeamFeeFacts & {
    amountCents: number;
    method: 'stripe' | 'cash';
    paidCents: number;
    refundedCents: number;
  },
): MailMessage {
  const whose = input.athleteName ? `${input.athleteName}’s` : 'your';
  const how =
    input.method === 'stripe'
      ? 'It goes back to the card you paid with. Banks usually show it within 5 to 10 business days.'
      : 'It was given back to you in cash.';
  return compose({
    to: input.to,
    kind: 'team-fee-refunded',
    subject: `Refund of ${formatCad(input.amountCents)} of ${whose} ${input.teamName} team fee`,
    firstName: input.firstName,
    paragraphs: [
      `${CLUB_NAME} refunded ${formatCad(input.amountCents)} of ${whose} ${input.teamName} team fee (${input.seasonName}).`,
      how,
      `Paid: ${formatCad(input.paidCents)}. Refunded in all: ${formatCad(input.refundedCents)}. Net: ${formatCad(input.paidCents - input.refundedCents)}.`,
    ],
    action: { label: 'View my receipt on the dashboard', url: siteLink('/dashboard') },
    footer: footer(),
  });
}
