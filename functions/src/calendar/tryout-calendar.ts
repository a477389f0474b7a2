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

export interface CalendarInput {
  readonly tryoutId: string;
  readonly seasonName: string;
  readonly ageGroup: string;
  readonly tryoutNumber: number;
  readonly sessions: readonly TryoutSession[];
  readonly siteUrl: string;
}

export function tryoutCalendar(input: CalendarInput): string {
  const calendar = icalGenerator({
    name: `${input.seasonName}: ${input.ageGroup}`,
    prodId: { company: 'Edmonton Summit Basketball Club', product: 'Tryouts', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const session of input.sessions) {
    calendar.createEvent({
      id: `${input.tryoutId}.${session.starts_at}@summitbasketball.ca`,
      start: sessionInstant(session.starts_at),
      end: sessionInstant(session.ends_at),
      summary: `${input.ageGroup} tryout (#${input.tryoutNumber})`,
      location: `${session.location}, ${session.address}`,
      description:
        `${input.seasonName}, ${input.ageGroup}. Your tryout number is ${input.tryoutNumber}. ` +
        `Please check in ${CHECK_IN_MINUTES_BEFORE_TRYOUT} minutes before the start.\n` +
        `Map: ${mapLink(session)}`,
      url: `${input.siteUrl}/dashboard`,
    });
  }
  return calendar.toString();
}
