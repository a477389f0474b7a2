/**
 * What a family is told when the club receives its Interac e-Transfer (issue 46 §2): the amount, for whom,
 * and where the receipt is. Sent once, by the call whose write recorded it.
 */
import { formatCad } from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

export function etransferReceivedMail(input: {
  to: string;
  firstName: string;
  /** The athlete's first name; null when the athlete is the account holder. */
  athleteName: string | null;
  seasonName: string;
  amountCents: number;
  tryoutNumber: number;
}): MailMessage {
  const whose = input.athleteName ? `${input.athleteName}’s` : 'your';
  return compose({
    to: input.to,
    kind: 'etransfer-received',
    subject: `e-Transfer received: ${input.seasonName}, #${input.tryoutNumber}`,
    firstName: input.firstName,
    paragraphs: [
      `${CLUB_NAME} received your Interac e-Transfer of ${formatCad(input.amountCents)} for ${whose} tryout registration (${input.seasonName}, number ${input.tryoutNumber}). It is paid.`,
      'Your receipt is on your dashboard, where you can print it or save it.',
    ],
    action: { label: 'View my dashboard', url: siteLink('/dashboard') },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
