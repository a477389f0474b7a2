/**
 * A season's helper invitation (issues 37 and 42): who at the club asks a volunteer to run check-in or score
 * some groups, on which nights (date, time, gym). The link carries its one-time token in the fragment, and
 * after it what the page shows before anyone signs in (the job, the invited address, the season and its
 * nights): the fragment never leaves the browser. Only the invited address accepts it.
 */
import {
  HELPER_INVITE_DAYS,
  HELPER_ROLE_LABELS,
  sessionWhen,
  type AgeGroup,
  type HelperRole,
  type TryoutSession,
} from '@club/shared';
import { CLUB_NAME, compose, siteLink, tokenLink } from './layout';
import type { MailMessage } from './ses-sender';

/** The nights a job works: every tryout session for check-in, an evaluator's groups' for scoring, in order. */
export function helperNights(
  sessions: readonly TryoutSession[],
  role: HelperRole,
  ageGroups: readonly AgeGroup[],
): string[] {
  return sessions
    .filter((s) => s.kind === 'tryout')
    .filter((s) => role === 'check-in' || s.age_groups.some((g) => ageGroups.includes(g)))
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at))
    .map((s) => `${sessionWhen(s)} at ${s.location}`);
}

export function helperInviteMail(input: {
  to: string;
  inviterName: string;
  seasonName: string;
  role: HelperRole;
  ageGroups: readonly AgeGroup[];
  /** A coach's team (issue 45). */
  teamName?: string;
  nights: readonly string[];
  page: string;
  token: string;
}): MailMessage {
  const job =
    input.role === 'check-in'
      ? 'check players in at the door (names, payment and the QR codes families bring)'
      : input.role === 'coach'
        ? `coach ${input.teamName ?? 'a team'}, and see its roster (players, families’ phones, medical notes) on your phone`
        : `score players of ${new Intl.ListFormat('en-CA', { type: 'conjunction' }).format(input.ageGroups)} on your phone`;
  const facts = new URLSearchParams({ job: input.role, email: input.to, season: input.seasonName });
  for (const night of input.nights) facts.append('night', night);
  return compose({
    to: input.to,
    kind: 'helper-invite',
    subject: `Help at ${input.seasonName}: ${HELPER_ROLE_LABELS[input.role]}`,
    firstName: 'there',
    paragraphs: [
      `${input.inviterName} of ${CLUB_NAME} invited you to help at ${input.seasonName}: you would ${job}.`,
      ...(input.role === 'coach'
        ? []
        : input.nights.length
          ? [
              input.nights.length === 1 ? 'The night:' : 'The nights:',
              ...input.nights.map((night) => `• ${night}`),
            ]
          : ['The club will tell you the nights once they are set.']),
      input.role === 'coach'
        ? `Sign in (or create an account) with this e-mail address, then accept with the button below. The link works for ${HELPER_INVITE_DAYS} days; your access lasts until the club removes it.`
        : `Sign in (or create an account) with this e-mail address, then accept with the button below. The link works for ${HELPER_INVITE_DAYS} days; your access ends a day after the season’s last session.`,
      input.role === 'coach'
        ? 'Nothing to install: the roster opens in your phone’s browser.'
        : 'Nothing to install: the check-in and scoring screens open in your phone’s browser and keep working when the gym’s Wi-Fi does not.',
    ],
    action: {
      label: 'Accept and open the helper screen',
      url: `${tokenLink(input.page, input.token)}&${facts.toString()}`,
    },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
