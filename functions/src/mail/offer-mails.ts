/**
 * What a family hears when a season's offers go out (issue 45 §3): an offer of a place on a team (team,
 * coach, fee, the deadline in Edmonton time, Accept / Decline on the dashboard), or that the player is an
 * alternate; and the admins' daily summary of what changed.
 */
import { formatCad, offerDeadlineText } from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
import type { MailMessage } from './ses-sender';

export interface OfferMailFacts {
  to: string | readonly string[];
  /** Whom the mail greets. */
  greeting: string;
  /** The athlete's first name; null for the account holder's own registration. */
  athleteName: string | null;
  seasonName: string;
  teamName: string;
}

const footer = () => `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`;

export function offerMail(
  input: OfferMailFacts & { coachName: string | null; feeCents: number; respondBy: string },
): MailMessage {
  const who = input.athleteName ?? 'you';
  const deadline = offerDeadlineText(input.respondBy);
  const dashboard = siteLink('/dashboard');
  return compose({
    to: input.to,
    kind: 'offer',
    subject: `A place on ${input.teamName} for ${input.athleteName ?? 'you'}: please answer by ${deadline}`,
    firstName: input.greeting,
    paragraphs: [
      `${CLUB_NAME} offers ${who} a place on ${input.teamName} for ${input.seasonName}.`,
      [
        `Team: ${input.teamName}`,
        `Coach: ${input.coachName ?? 'to be announced'}`,
        `Team fee: ${input.feeCents > 0 ? formatCad(input.feeCents) : 'none'}`,
        `Answer by: ${deadline} (Edmonton time)`,
      ].join('\n'),
      `Accept or decline on your dashboard. Accepting asks you to type your name to accept the team's waiver. An offer not answered by the deadline expires and the place goes to the next player.`,
    ],
    action: { label: 'Accept or decline on my dashboard', url: dashboard },
    links: [
      { label: 'Accept', url: siteLink('/dashboard', { offer: 'accept' }) },
      { label: 'Decline', url: siteLink('/dashboard', { offer: 'decline' }) },
    ],
    footer: footer(),
  });
}

export function alternateMail(input: OfferMailFacts): MailMessage {
  const who = input.athleteName ?? 'You';
  return compose({
    to: input.to,
    kind: 'offer-alternate',
    subject: `${who} ${input.athleteName ? 'is' : 'are'} an alternate for ${input.teamName}`,
    firstName: input.greeting,
    paragraphs: [
      `${who} ${input.athleteName ? 'is' : 'are'} an alternate for ${input.teamName} for ${input.seasonName}.`,
      `If a place on the team opens, ${CLUB_NAME} will e-mail you an offer with its own deadline to answer by. There is nothing to do until then.`,
    ],
    action: { label: 'View my dashboard', url: siteLink('/dashboard') },
    footer: footer(),
  });
}

/** One line of the admins' daily summary. */
export interface OfferChange {
  tryoutNumber: number;
  teamName: string;
  state: string;
  at: string;
}

export function offerSummaryMail(input: {
  to: string | readonly string[];
  seasonName: string;
  day: string;
  changes: readonly OfferChange[];
  counts: Record<string, number>;
}): MailMessage {
  const order = ['accepted', 'declined', 'expired', 'rescinded', 'offered'];
  const tally = order
    .filter((state) => input.counts[state])
    .map((state) => `${state}: ${input.counts[state]}`)
    .join(', ');
  return compose({
    to: input.to,
    kind: 'offer-summary',
    subject: `Offers for ${input.seasonName}: ${input.changes.length} change${input.changes.length === 1 ? '' : 's'} in the last day`,
    firstName: 'administrator',
    paragraphs: [
      `What changed in the offers of ${input.seasonName} in the last 24 hours (summary of ${input.day}, Edmonton time): ${tally}.`,
      input.changes
        .map((c) => `#${c.tryoutNumber} ${c.teamName}: ${c.state} (${offerDeadlineText(c.at)})`)
        .join('\n'),
    ],
    action: { label: 'Open the admin area', url: siteLink('/admin') },
    footer: 'This summary goes to the club’s administrators once a day while offers change.',
  });
}
