/**
 * The day before a tryout (issue 37): the family is reminded when and where, with a map, what to bring, the
 * cash still due, and each child's check-in QR code to show at the door.
 */
import {
  CHECK_IN_MINUTES_BEFORE_TRYOUT,
  formatCad,
  mapLink,
  sessionWhen,
  WHAT_TO_BRING,
  type TryoutSession,
} from '@club/shared';
import { CLUB_NAME, compose, siteLink } from './layout';
import { namesOf } from './registration-mails';
import type { MailMessage } from './ses-sender';

export interface SessionReminderInput {
  to: string;
  firstName: string;
  seasonName: string;
  session: Pick<TryoutSession, 'starts_at' | 'ends_at' | 'location' | 'address'>;
  /** The family's children in the session's groups; a null first name is the account holder ("you"). */
  athletes: ReadonlyArray<{
    firstName: string | null;
    ageGroup: string;
    tryoutNumber: number;
    cashDueCents: number;
    checkinQrUrl: string;
  }>;
}

/**
 * The season's tryout as a subject names it: a season named for its tryouts ("Fall 2025 Tryouts") says so
 * already, so "tryout" is added only to one that does not ("Fall 2025" → "Fall 2025 tryout").
 */
export function tryoutOfSeason(seasonName: string): string {
  return /\btryouts?\b/i.test(seasonName) ? seasonName : `${seasonName} tryout`;
}

export function sessionReminderMail(input: SessionReminderInput): MailMessage {
  const names = namesOf(input.athletes.map((a) => a.firstName));
  const cash = input.athletes.reduce((sum, a) => sum + a.cashDueCents, 0);
  const who = (a: { firstName: string | null }) => a.firstName ?? 'You';
  return compose({
    to: input.to,
    kind: 'session-reminder',
    subject: `Tomorrow: ${tryoutOfSeason(input.seasonName)}, ${sessionWhen(input.session)}`,
    firstName: input.firstName,
    paragraphs: [
      `A reminder: ${names} ${names === 'You' ? 'have' : input.athletes.length > 1 ? 'have' : 'has'} a tryout tomorrow.`,
      `${sessionWhen(input.session)}: ${input.session.location}, ${input.session.address}`,
      ...input.athletes.map((a) => `${who(a)}: number ${a.tryoutNumber}, ${a.ageGroup}.`),
      `Please check in ${CHECK_IN_MINUTES_BEFORE_TRYOUT} minutes before the session starts. ${WHAT_TO_BRING}`,
      ...(cash > 0 ? [`Please bring ${formatCad(cash)} in cash: it is still due.`] : []),
    ],
    images: input.athletes.map((a) => ({
      url: a.checkinQrUrl,
      alt: `${a.firstName ? `${a.firstName}’s check-in code` : 'Your check-in code'}, number ${a.tryoutNumber}`,
      caption: `${a.firstName ? `${a.firstName}’s` : 'Your'} check-in code (number ${a.tryoutNumber}): show it at the door.`,
    })),
    action: { label: `Map: ${input.session.location}`, url: mapLink(input.session) },
    links: [{ label: 'Your dashboard', url: siteLink('/dashboard') }],
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
