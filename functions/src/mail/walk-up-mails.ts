/**
 * A walk-up family's invitation (issue 37): their child was registered and checked in at the door, and a
 * family account holds the child and the registration; the link (a one-time token in the fragment) sets the
 * account's password, which also confirms the address.
 */
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

export function walkUpClaimMail(input: {
  to: string;
  firstName: string;
  athleteName: string;
  seasonName: string;
  tryoutNumber: number;
  link: string;
  validDays: number;
}): MailMessage {
  return compose({
    to: input.to,
    kind: 'walk-up-claim',
    subject: `${input.athleteName} is registered for ${input.seasonName}: claim your family account`,
    firstName: input.firstName,
    paragraphs: [
      `${input.athleteName} was registered at the door for ${input.seasonName} as number ${input.tryoutNumber}, and checked in. Your cash payment is recorded.`,
      `We made a family account for you with this address, where ${input.athleteName}’s registration, receipt and result are waiting. Choose a password to claim it (the link works for ${input.validDays} days).`,
      'If you did not register a child with us, ignore this message: the account stays closed.',
    ],
    action: { label: 'Claim your family account', url: input.link },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
