/**
 * A player's tryout sessions as an iCalendar file, built with ical-generator (never by hand): one event per
 * session, at the instant its Edmonton wall-clock time names, with the gym, its address, a map link and the
 * spec's 20-minute check-in. Stable event ids (the registration and the session's start), so a calendar that
 * imports the file again updates the events instead of doubling them.
 *
 * Every time is written in UTC (`…Z`), which every calendar reads as the instant it is. The calendar is given
 * no time zone: ical-generator then writes the zone's wall-clock time with neither `Z` nor `TZID` (a floating
 * time), which phones show as that time in their own zone, six hours off in Edmonton (issue 34).
 */
import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import { CHECK_IN_MINUTES_BEFORE_TRYOUT, mapLink, sessionInstant, type TryoutSession } from '@club/shared';

/** One registration's sessions in a calendar. */
export interface CalendarRegistration {
  readonly tryoutId: string;
  /** The athlete's first name in a family's calendar (null: the account holder's own, or one registration's file). */
  readonly athleteName: string | null;
  readonly ageGroup: string;
  readonly tryoutNumber: number;
  readonly sessions: readonly TryoutSession[];
}

export interface CalendarInput {
  /** The calendar's own name (what a phone lists a subscription as). */
  readonly name: string;
  readonly seasonName: string;
  readonly registrations: readonly CalendarRegistration[];
  readonly siteUrl: string;
}

/** How often a subscribed calendar should look again (a phone may wait longer). */
const REFRESH_SECONDS = 6 * 60 * 60;

/**
 * One event per registration and session. Its UID is the registration and the session's own id (issue 36),
 * and its SEQUENCE the session's change count, so a calendar that reads the feed again moves the event when
 * the club moves the session instead of adding another; a session saved before it had an id keeps the UID of
 * its start.
 */
export function tryoutCalendar(input: CalendarInput): string {
  const calendar = icalGenerator({
    name: input.name,
    prodId: { company: 'Edmonton Summit Basketball Club', product: 'Tryouts', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const registration of input.registrations) {
    const who = registration.athleteName ? `${registration.athleteName}: ` : '';
    const whose = registration.athleteName ? `${registration.athleteName}’s` : 'Your';
    for (const session of registration.sessions) {
      calendar.createEvent({
        id: `${registration.tryoutId}.${session.id ?? session.starts_at}@summitbasketball.ca`,
        sequence: session.sequence ?? 0,
        start: sessionInstant(session.starts_at),
        end: sessionInstant(session.ends_at),
        summary: `${who}${registration.ageGroup} tryout (#${registration.tryoutNumber})`,
        location: `${session.location}, ${session.address}`,
        description:
          `${input.seasonName}, ${registration.ageGroup}. ${whose} tryout number is ${registration.tryoutNumber}. ` +
          `Please check in ${CHECK_IN_MINUTES_BEFORE_TRYOUT} minutes before the start.\n` +
          `Map: ${mapLink(session)}`,
        url: `${input.siteUrl}/dashboard`,
      });
    }
  }
  return calendar.toString();
}
