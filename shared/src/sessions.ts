/**
 * A season's sessions as families read them: which are a player's, and how a session's day, time and place
 * are written ("Saturday, August 16, 2025 · 10:00 a.m. – 12:00 p.m."), the way spec §3's event cards write
 * them. Session times are Edmonton wall-clock times (`YYYY-MM-DDTHH:MM`), so they are formatted as they are,
 * never converted through the reader's own zone.
 */
import { CLUB_TIME_ZONE, type AgeGroup } from './constants';
import type { TryoutSession } from './types';

/** The tryout sessions of one age group (open gyms left out), earliest first. */
export function sessionsOf(sessions: readonly TryoutSession[], group: AgeGroup): TryoutSession[] {
  return sessions
    .filter((s) => s.kind === 'tryout' && s.age_groups.includes(group))
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

function wallClock(localDateTime: string): Date {
  const [date, time] = localDateTime.split('T') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi));
}

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const TIME = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });

/** "Saturday, August 16, 2025". */
export function sessionDay(session: Pick<TryoutSession, 'starts_at'>): string {
  return DAY.format(wallClock(session.starts_at));
}

/** "10:00 a.m. – 12:00 p.m.". */
export function sessionTime(session: Pick<TryoutSession, 'starts_at' | 'ends_at'>): string {
  return `${TIME.format(wallClock(session.starts_at))} – ${TIME.format(wallClock(session.ends_at))}`;
}

/** "Saturday, August 16, 2025 · 10:00 a.m. – 12:00 p.m.". */
export function sessionWhen(session: Pick<TryoutSession, 'starts_at' | 'ends_at'>): string {
  return `${sessionDay(session)} · ${sessionTime(session)}`;
}

/** A map search for a session's address (opens the phone's map app or the web map). */
export function mapLink(session: Pick<TryoutSession, 'location' | 'address'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${session.location}, ${session.address}`)}`;
}

const ZONE_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLUB_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** How far Edmonton's clock is from UTC at an instant, in ms (−6 h in summer, −7 h in winter). */
function zoneOffset(instant: number): number {
  const parts = Object.fromEntries(ZONE_PARTS.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** The instant an Edmonton wall-clock time (`YYYY-MM-DDTHH:MM`) names, daylight saving time included. */
export function sessionInstant(localDateTime: string): Date {
  const wall = wallClock(localDateTime).getTime();
  const first = wall - zoneOffset(wall);
  return new Date(wall - zoneOffset(first));
}

/** What a player brings to a tryout (issue 18: the form says it before the family pays; the mail repeats it). */
export const WHAT_TO_BRING = 'Bring indoor court shoes, a water bottle and clothes to play in.';

/** "Tuesday, January 5, 2027" for a day written `YYYY-MM-DD` (the day registration opens, issue 18). */
export function dayOf(date: string): string {
  return sessionDay({ starts_at: `${date}T00:00` });
}
