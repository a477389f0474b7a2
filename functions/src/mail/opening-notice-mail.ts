/**
 * "Registration is open" (issue 18): the one mail an account on the "E-mail me when it opens" list gets when
 * the admin opens registration: the season, its fee, the tryout sessions, and the way in.
 */
import { sessionWhen, type TryoutSession } from '@club/shared';
import { formatCad } from '@club/shared/money';
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

export function openingNoticeMail(input: {
  to: string;
  firstName: string;
  seasonName: string;
  feeCents: number;
  siblingFeeCents: number;
  sessions: readonly TryoutSession[];
}): MailMessage {
  const tryouts = input.sessions
    .filter((s) => s.kind === 'tryout')
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at))
    .map((s) => `${s.age_groups.join(', ')}: ${sessionWhen(s)}, ${s.location}`);
  const fee =
    input.siblingFeeCents < input.feeCents
      ? `The tryout fee is ${formatCad(input.feeCents)}, and ${formatCad(input.siblingFeeCents)} for each further child of a family.`
      : `The tryout fee is ${formatCad(input.feeCents)}.`;
  return compose({
    to: input.to,
    kind: 'opening-notice',
    subject: `Tryout registration is open: ${input.seasonName}`,
    firstName: input.firstName,
    paragraphs: [
      `Registration for ${input.seasonName} at ${CLUB_NAME} is open. You asked us to e-mail you when it opened.`,
      fee,
      ...(tryouts.length ? [`Tryouts: ${tryouts.join('; ')}.`] : []),
      'This is the only mail about it: you are off the list now.',
    ],
    action: { label: 'Register for tryouts', url: siteLink('/tryout') },
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
