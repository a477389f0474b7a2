/**
 * A tryout session moved (issue 36): the family is told which of its children it is for, what it was and
 * what it is now (day, time, gym, a map), and that a subscribed calendar follows by itself.
 */
import { mapLink, sessionWhen, type TryoutSession } from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
import { namesOf } from './registration-mails';
import type { MailMessage } from './ses-sender';
import { tryoutOfSeason } from './session-reminder-mail';

export interface SessionChangeMailInput {
  to: string;
  firstName: string;
  seasonName: string;
  /** The family's children registered in the session's groups; null is the account holder ("you"). */
  athletes: ReadonlyArray<{ firstName: string | null; ageGroup: string }>;
  was: Pick<TryoutSession, 'starts_at' | 'ends_at' | 'location' | 'address'>;
  now: Pick<TryoutSession, 'starts_at' | 'ends_at' | 'location' | 'address'>;
  /** The family's calendar subscription (webcal), which moves the event by itself. */
  calendarUrl: string;
}

export function sessionChangeMail(input: SessionChangeMailInput): MailMessage {
  const names = namesOf(input.athletes.map((a) => a.firstName));
  const groups = [...new Set(input.athletes.map((a) => a.ageGroup))].join(' and ');
  const possessive = names === 'You' ? 'Your' : `${names}’s`;
  return compose({
    to: input.to,
    kind: 'session-changed',
    subject: `Tryout moved: ${possessive} ${groups} session is now ${sessionWhen(input.now)}`,
    firstName: input.firstName,
    paragraphs: [
      `A ${tryoutOfSeason(input.seasonName)} session for ${groups} has changed.`,
      `Was: ${sessionWhen(input.was)}, ${input.was.location}, ${input.was.address}`,
      `Now: ${sessionWhen(input.now)}, ${input.now.location}, ${input.now.address}`,
      'If you subscribed to your family’s tryout calendar, it moves the event by itself.',
    ],
    action: { label: `Map: ${input.now.location}`, url: mapLink(input.now) },
    links: [
      { label: 'Subscribe to your tryout calendar', url: input.calendarUrl },
      { label: 'Your dashboard', url: siteLink('/dashboard') },
    ],
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
