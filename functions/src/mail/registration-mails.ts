/**
 * The registration's confirmation mail (issue 15), sent once the registration is complete (cash at once, a
 * card once paid): the tryout number and age group, each session with its day, time, gym and address (a map
 * link), spec §9's check-in time, and what is owed or was paid. The calendar link is signed (a mail link
 * carries no sign-in), so one tap adds the sessions to the family's calendar.
 */
import {
  CHECK_IN_MINUTES_BEFORE_TRYOUT,
  etransferMessages,
  CLUB_TIME_ZONE,
  formatCad,
  mapLink,
  sessionWhen,
  WHAT_TO_BRING,
  type AgeGroup,
  type PaymentMethod,
  type TryoutSession,
} from '@club/shared';
import { CLUB_NAME, compose, siteLink, type MailLink } from './layout';
import type { MailMessage } from './ses-sender';

export interface ConfirmationMailInput {
  to: string;
  firstName: string;
  seasonName: string;
  ageGroup: AgeGroup;
  tryoutNumber: number;
  sessions: readonly TryoutSession[];
  method: PaymentMethod;
  amountCents: number;
  /** When the card payment went through (card registrations). */
  paidAt?: string;
  /** The signed link to the sessions' calendar file. */
  calendarUrl: string;
  /** The registration's check-in QR image (issue 37). */
  checkinQrUrl?: string;
  /** Paying by Interac e-Transfer (issue 46): the club's address and the code for the message. */
  etransfer?: { address: string; reference: string };
}

/** 2026-11-24T… → "November 24, 2026", in Edmonton. */
function day(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: CLUB_TIME_ZONE }).format(
    new Date(iso),
  );
}

function moneyLine(input: ConfirmationMailInput): string {
  if (input.amountCents === 0) return 'Tryouts are free this season: there is nothing to pay.';
  const amount = formatCad(input.amountCents);
  // Paid at the door (a walk-up, issue 37): the cash is in.
  if (input.method === 'cash' && input.paidAt) {
    return `You paid ${amount} in cash on ${day(input.paidAt)}. Your receipt is on your dashboard.`;
  }
  if (input.method === 'cash') return `Please bring ${amount} in cash to your first session.`;
  if (input.method === 'etransfer' && input.etransfer && !input.paidAt) {
    return etransferMessages.howToSend(amount, input.etransfer.address, input.etransfer.reference);
  }
  if (input.method === 'etransfer') {
    return `You paid ${amount} by Interac e-Transfer. Your receipt is on your dashboard.`;
  }
  return `You paid ${amount} by card${input.paidAt ? ` on ${day(input.paidAt)}` : ''}. Your receipt is on your dashboard.`;
}

export function confirmationMail(input: ConfirmationMailInput): MailMessage {
  const sessions = input.sessions.map((s) => `${sessionWhen(s)}: ${s.location}, ${s.address}`);
  const maps: MailLink[] = input.sessions.map((s) => ({
    label: `Map: ${s.location}, ${s.address}`,
    url: mapLink(s),
  }));
  const dashboard = siteLink('/dashboard');
  return compose({
    to: input.to,
    kind: 'registration-confirmed',
    subject: `You're registered: ${input.seasonName}, ${input.ageGroup}, #${input.tryoutNumber}`,
    firstName: input.firstName,
    paragraphs: [
      `You're registered for ${input.seasonName}. Your tryout number is ${input.tryoutNumber}, in ${input.ageGroup}.`,
      ...(sessions.length
        ? [
            sessions.length === 1 ? 'Your tryout session:' : 'Your tryout sessions:',
            ...sessions,
            `Please check in ${CHECK_IN_MINUTES_BEFORE_TRYOUT} minutes before your session starts. ${WHAT_TO_BRING}`,
          ]
        : ['The club will post your tryout dates on your dashboard once they are set.']),
      moneyLine(input),
    ],
    action: sessions.length
      ? { label: 'Add the tryouts to my calendar', url: input.calendarUrl }
      : { label: 'View my dashboard', url: dashboard },
    links: [...maps, ...(sessions.length ? [{ label: 'Your dashboard', url: dashboard }] : [])],
    images: input.checkinQrUrl
      ? [
          {
            url: input.checkinQrUrl,
            alt: `Check-in code, tryout number ${input.tryoutNumber}`,
            caption: `Show this code at the door to check in (number ${input.tryoutNumber}).`,
          },
        ]
      : [],
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}

/** One athlete of a household's confirmation (issue 36). */
export interface ConfirmedAthlete {
  /** The athlete's first name, or null for the account holder's own registration ("you"). */
  firstName: string | null;
  ageGroup: AgeGroup;
  tryoutNumber: number;
  sessions: readonly TryoutSession[];
  amountCents: number;
  /** The signed link to this athlete's sessions as a calendar file. */
  calendarUrl: string;
  /** The registration's check-in QR image (issue 37). */
  checkinQrUrl?: string;
  /** Its own Interac e-Transfer code (issue 46): one e-Transfer per child, each with its code. */
  etransferReference?: string;
}

export interface HouseholdConfirmationInput {
  to: string;
  /** The guardian who registered: the mail greets them. */
  guardianFirstName: string;
  seasonName: string;
  athletes: readonly ConfirmedAthlete[];
  method: PaymentMethod;
  paidAt?: string;
  /** The club's Interac e-Transfer address, when the family pays by e-Transfer (issue 46). */
  etransferAddress?: string;
  /** The family's calendar subscription (webcal): every child's sessions, following every change. */
  subscribeUrl: string;
}

/**
 * A household paying by Interac e-Transfer (issue 46): one e-Transfer per child, each with its own code in
 * the message, so each is matched to its registration.
 */
function etransferLines(input: HouseholdConfirmationInput): string {
  const address = input.etransferAddress ?? '';
  return input.athletes
    .map((a) =>
      a.etransferReference
        ? `${a.firstName ?? 'You'}: ${etransferMessages.howToSend(formatCad(a.amountCents), address, a.etransferReference)}`
        : '',
    )
    .filter(Boolean)
    .join(' ');
}

/** "Jayden", "Jayden and Amara", "You, Jayden and Amara". */
export function namesOf(names: ReadonlyArray<string | null>): string {
  const spoken = [...names].sort((a, b) => (a === null ? -1 : b === null ? 1 : 0)).map((n) => n ?? 'You');
  return new Intl.ListFormat('en-CA', { type: 'conjunction' }).format(spoken).replace(/, and /, ' and ');
}

/**
 * The confirmation a guardian gets for a household's registration (issue 36): one mail for the children
 * registered (and paid) together, greeting the guardian and naming each child in the subject and the body,
 * each child's number, group and sessions, and what the family owes or paid in all.
 */
export function householdConfirmationMail(input: HouseholdConfirmationInput): MailMessage {
  const names = namesOf(input.athletes.map((a) => a.firstName));
  const total = input.athletes.reduce((sum, a) => sum + a.amountCents, 0);
  const who = (a: ConfirmedAthlete) => a.firstName ?? 'You';
  const dashboard = siteLink('/dashboard');
  const money =
    total === 0
      ? 'Tryouts are free this season: there is nothing to pay.'
      : input.method === 'cash' && input.paidAt
        ? `You paid ${formatCad(total)} in cash on ${day(input.paidAt)}. Your receipt is on your dashboard.`
        : input.method === 'cash'
          ? `Please bring ${formatCad(total)} in cash to the first session.`
          : input.method === 'etransfer'
            ? etransferLines(input)
            : `You paid ${formatCad(total)} by card${input.paidAt ? ` on ${day(input.paidAt)}` : ''}. Your receipt is on your dashboard.`;
  const perAthlete = input.athletes.flatMap((a) => {
    const head = `${who(a)}: tryout number ${a.tryoutNumber}, ${a.ageGroup}.`;
    const sessions = a.sessions.map((s) => `${sessionWhen(s)}: ${s.location}, ${s.address}`);
    return sessions.length
      ? [head, ...sessions]
      : [head, `The ${a.ageGroup} tryout dates will be on your dashboard once the club sets them.`];
  });
  const anySessions = input.athletes.some((a) => a.sessions.length);
  const verb = input.athletes.length === 1 && input.athletes[0]!.firstName !== null ? 'is' : 'are';
  const places = new Map(
    input.athletes.flatMap((a) => a.sessions).map((s) => [`${s.location}|${s.address}`, s] as const),
  );
  return compose({
    to: input.to,
    kind: 'registration-confirmed',
    subject: `${names} ${verb} registered for ${input.seasonName}`,
    firstName: input.guardianFirstName,
    paragraphs: [
      `${names} ${verb} registered for ${input.seasonName}.`,
      ...perAthlete,
      ...(anySessions
        ? [
            `Please check in ${CHECK_IN_MINUTES_BEFORE_TRYOUT} minutes before each session starts. ${WHAT_TO_BRING}`,
          ]
        : []),
      money,
    ],
    // The family's calendar, one subscription that follows every change (issue 36); a file per child beside it.
    action: { label: 'Subscribe to your family’s tryout calendar', url: input.subscribeUrl },
    links: [
      { label: 'Your dashboard', url: dashboard },
      ...input.athletes
        .filter((a) => a.sessions.length)
        .map((a) => ({
          label: a.firstName
            ? `Download ${a.firstName}’s tryouts as a file`
            : 'Download my tryouts as a file',
          url: a.calendarUrl,
        })),
      ...[...places.values()].map((s) => ({ label: `Map: ${s.location}, ${s.address}`, url: mapLink(s) })),
    ],
    images: input.athletes.flatMap((a) =>
      a.checkinQrUrl
        ? [
            {
              url: a.checkinQrUrl,
              alt: `${a.firstName ? `${a.firstName}’s check-in code` : 'Your check-in code'}, tryout number ${a.tryoutNumber}`,
              caption: `${a.firstName ? `${a.firstName}’s` : 'Your'} check-in code (number ${a.tryoutNumber}): show it at the door.`,
            },
          ]
        : [],
    ),
    footer: `Questions? Contact ${CLUB_NAME}: ${siteLink('/contact')}`,
  });
}
