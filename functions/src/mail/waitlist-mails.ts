/**
 * The waitlist's mails (issue 45 §1): a spot held for the family, and a hold that ended without being taken.
 */
import { spotHeldUntilText, type AgeGroup } from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

interface SpotFacts {
  to: string;
  firstName: string;
  /** The athlete's first name; null for the account holder's own registration. */
  athleteName: string | null;
  seasonName: string;
  ageGroup: AgeGroup;
}

const footer = () => `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`;

export function spotOfferMail(input: SpotFacts & { heldUntil: string }): MailMessage {
  const forWhom = input.athleteName ?? 'you';
  return compose({
    to: input.to,
    kind: 'waitlist-spot-offer',
    subject: `A spot opened in ${input.ageGroup} for ${input.seasonName}`,
    firstName: input.firstName,
    paragraphs: [
      `A spot opened in ${input.ageGroup} for ${input.seasonName}, and it is held for ${forWhom} until ${spotHeldUntilText(input.heldUntil)} (Edmonton time).`,
      'To take it, register from your dashboard before then: you get a tryout number and pay as usual, by card or in cash.',
      'If it is not taken by then, it goes to the next family on the waitlist.',
    ],
    action: { label: 'Register from my dashboard', url: siteLink('/dashboard') },
    footer: footer(),
  });
}

export function spotLapsedMail(input: SpotFacts): MailMessage {
  const whose = input.athleteName ? `${input.athleteName}’s` : 'your';
  return compose({
    to: input.to,
    kind: 'waitlist-spot-lapsed',
    subject: `The spot held in ${input.ageGroup} for ${input.seasonName} has ended`,
    firstName: input.firstName,
    paragraphs: [
      `The spot held for ${whose} registration in ${input.ageGroup} (${input.seasonName}) was not taken in time, so it went to the next family on the waitlist, and ${whose} place on the waitlist has ended.`,
      'Nothing was charged. If you still want to try out, contact the club.',
    ],
    action: { label: 'View my dashboard', url: siteLink('/dashboard') },
    footer: footer(),
  });
}
