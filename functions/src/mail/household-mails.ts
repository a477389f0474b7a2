/**
 * The household invitation (issue 17): a guardian asks another adult to join their household. The link
 * carries its one-time token in the fragment (as reset links do), so no log keeps it; only the account with
 * the invited address can accept.
 */
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

export function guardianInviteMail(input: {
  to: string;
  inviterName: string;
  athleteNames: readonly string[];
  link: string;
}): MailMessage {
  // "Jayden and Amara" (issue 36: it read "Jayden, Amara's").
  const children = new Intl.ListFormat('en-CA', { type: 'conjunction' })
    .format(input.athleteNames)
    .replace(/, and /, ' and ');
  const names = input.athleteNames.length
    ? ` You will see the tryout registrations, results and details of ${children}, and can register and pay for them.`
    : '';
  return compose({
    to: input.to,
    kind: 'household-invite',
    subject: `${input.inviterName} invited you to their family account at ${CLUB_NAME}`,
    firstName: 'there',
    paragraphs: [
      `${input.inviterName} invited you to join their family account as a parent or guardian.${names}`,
      'Sign in (or create an account) with this e-mail address, then accept with the button below. The link works for 7 days.',
      'If you do not know this person, ignore this message: nothing changes.',
    ],
    action: { label: 'Join the family account', url: input.link },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
