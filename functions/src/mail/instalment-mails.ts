/**
 * What a family is told about a team fee instalment (issue 46): a card declined for it, with the amount, the
 * reason in plain words and the link to pay it from the dashboard.
 */
import { formatCad, INSTALMENT_DECLINE_REASONS, type InstalmentDeclineReason } from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';
import type { TeamFeeFacts } from './team-fee-mails';

/** A due date (YYYY-MM-DD, the club's day) as a family reads it: "December 1, 2026". */
export function dueDateText(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-CA', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

export function instalmentDeclinedMail(
  input: TeamFeeFacts & {
    n: number;
    count: number;
    amountCents: number;
    dueDate: string;
    reason: string;
    /** True when the club will try the card again tomorrow. */
    retrying: boolean;
  },
): MailMessage {
  const whose = input.athleteName ? `${input.athleteName}’s` : 'your';
  const reason =
    INSTALMENT_DECLINE_REASONS[input.reason as InstalmentDeclineReason] ?? INSTALMENT_DECLINE_REASONS.other;
  return compose({
    to: input.to,
    kind: 'instalment-declined',
    subject: `Payment ${input.n} of ${input.count} of ${whose} ${input.teamName} team fee was declined`,
    firstName: input.firstName,
    paragraphs: [
      `${CLUB_NAME} could not charge the saved card ${formatCad(input.amountCents)} for payment ${input.n} of ${input.count} of ${whose} ${input.teamName} team fee (${input.seasonName}), due ${dueDateText(input.dueDate)}. ${reason}`,
      input.retrying
        ? 'We will try the card again tomorrow. You can pay it now instead with another card from your dashboard.'
        : 'Please pay it from your dashboard with another card.',
    ],
    action: { label: 'Pay it on my dashboard', url: siteLink('/dashboard') },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
