/**
 * A walk-up family's mail (issues 37 and 42): their child was registered and checked in at the door. An
 * address with no account in use gets the family account the club made (or one it never opened), with a link
 * (a one-time token in the fragment) that sets its password, which also confirms the address; an account in
 * use is told what was registered on it, so a parent hears of a registration they did not make.
 */
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

interface WalkUpMail {
  to: string;
  firstName: string;
  athleteName: string;
  seasonName: string;
  tryoutNumber: number;
  link: string;
}

export function walkUpClaimMail(input: WalkUpMail & { validDays: number }): MailMessage {
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
    action: { label: 'Set your password', url: input.link },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}

export function walkUpNoticeMail(input: WalkUpMail): MailMessage {
  return compose({
    to: input.to,
    kind: 'walk-up-notice',
    subject: `${input.athleteName} was registered at the door for ${input.seasonName}`,
    firstName: input.firstName,
    paragraphs: [
      `${input.athleteName} was registered at the door for ${input.seasonName} with this e-mail address, as number ${input.tryoutNumber}, and checked in. The cash payment is recorded.`,
      `${input.athleteName} is now in your family account: the registration, receipt and result are on your dashboard.`,
      `If nobody in your family registered ${input.athleteName}, contact ${CLUB_NAME} and we will remove the registration.`,
    ],
    action: { label: 'Open your dashboard', url: input.link },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
