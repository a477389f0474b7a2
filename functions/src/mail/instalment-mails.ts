/**
 * What a family is told about a team fee instalment (issue 46): each one paid (amount, day, card, what comes
 * next), and a card declined for it, with the amount, the reason in plain words and the link to pay it from the
 * dashboard.
 */
import {
  CLUB_TIME_ZONE,
  formatCad,
  INSTALMENT_DECLINE_REASONS,
  type InstalmentDeclineReason,
} from '@club/shared';
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
  const known = input.reason in INSTALMENT_DECLINE_REASONS && input.reason !== 'other';
  const reason = input.reason as InstalmentDeclineReason;
  const what = `${formatCad(input.amountCents)} for instalment ${input.n} of ${input.count} of ${whose} ${input.teamName} team fee (${input.seasonName}), due ${dueDateText(input.dueDate)}`;
  // Words from the reason: a card's own refusal names the saved card; anything else (no saved card, a failure
  // Stripe did not explain) does not; a bank's request to confirm cannot pass on a retry, so it asks for the link.
  const first = known
    ? `${CLUB_NAME} could not charge the saved card ${what}. ${INSTALMENT_DECLINE_REASONS[reason]}`
    : `${CLUB_NAME} could not collect ${what}.`;
  const next =
    reason === 'authentication_required'
      ? 'Your bank needs you to confirm this payment yourself: please pay it with the link on your dashboard.'
      : input.retrying && known
        ? 'We will try the card again tomorrow. You can pay it now instead with another card from your dashboard.'
        : known
          ? 'Please pay it from your dashboard with another card.'
          : 'Please pay it from your dashboard with a card.';
  return compose({
    to: input.to,
    kind: 'instalment-declined',
    subject: `Instalment ${input.n} of ${input.count} of ${whose} ${input.teamName} team fee was declined`,
    firstName: input.firstName,
    paragraphs: [first, next],
    action: { label: 'Pay it on my dashboard', url: siteLink('/dashboard') },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}

/** A paid instalment's day as a family reads it, in Edmonton: "December 1, 2026". */
function paidDayText(paidAt: string): string {
  return new Date(paidAt).toLocaleDateString('en-CA', {
    timeZone: CLUB_TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/**
 * An instalment paid (the first at the checkout, a later one charged on its date or paid from its link): the
 * amount, the day in Edmonton, the card where known, and what comes next.
 */
export function instalmentPaidMail(
  input: TeamFeeFacts & {
    n: number;
    count: number;
    amountCents: number;
    paidAt: string;
    cardLast4: string | null;
    /** The plan's next instalment, or null when this one was the last. */
    next: { amountCents: number; dueDate: string } | null;
  },
): MailMessage {
  const whose = input.athleteName ? `${input.athleteName}’s` : 'your';
  const card = input.cardLast4 ? ` with the card ending in ${input.cardLast4}` : '';
  return compose({
    to: input.to,
    kind: 'instalment-paid',
    subject: `Instalment ${input.n} of ${input.count} of your ${input.teamName} team fee is paid`,
    firstName: input.firstName,
    paragraphs: [
      `${CLUB_NAME} received ${formatCad(input.amountCents)} for instalment ${input.n} of ${input.count} of ${whose} ${input.teamName} team fee (${input.seasonName}) on ${paidDayText(input.paidAt)}${card}.`,
      input.next
        ? `Next: instalment ${input.n + 1} of ${input.count}, ${formatCad(input.next.amountCents)}, due ${dueDateText(input.next.dueDate)}.`
        : 'Your team fee is now paid in full.',
    ],
    action: { label: 'See it on my dashboard', url: siteLink('/dashboard') },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
