/**
 * A season's helper invitation (issue 37): the club asks a volunteer to run check-in or score some groups on
 * tryout night. The link carries its one-time token in the fragment; only the invited address accepts it.
 */
import { HELPER_INVITE_DAYS, HELPER_ROLE_LABELS, type AgeGroup, type HelperRole } from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

export function helperInviteMail(input: {
  to: string;
  seasonName: string;
  role: HelperRole;
  ageGroups: readonly AgeGroup[];
  link: string;
}): MailMessage {
  const job =
    input.role === 'check-in'
      ? 'check players in at the door (names, payment and the QR codes families bring)'
      : `score players of ${new Intl.ListFormat('en-CA', { type: 'conjunction' }).format(input.ageGroups)} on your phone`;
  return compose({
    to: input.to,
    kind: 'helper-invite',
    subject: `Help at ${input.seasonName}: ${HELPER_ROLE_LABELS[input.role]}`,
    firstName: 'there',
    paragraphs: [
      `${CLUB_NAME} invited you to help at ${input.seasonName}: you would ${job}.`,
      `Sign in (or create an account) with this e-mail address, then accept with the button below. The link works for ${HELPER_INVITE_DAYS} days; your access ends a day after the season’s last session.`,
      'Nothing to install: the check-in and scoring screens open in your phone’s browser and keep working when the gym’s Wi-Fi does not.',
    ],
    action: { label: 'Accept and open the helper screen', url: input.link },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
