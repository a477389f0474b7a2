/**
 * A season's sessions as families read them: which are a player's, and how a session's day, time and place
 * are written ("Saturday, August 16, 2025 · 10:00 a.m. – 12:00 p.m."), the way spec §3's event cards write
 * them. Session times are Edmonton wall-clock times (`YYYY-MM-DDTHH:MM`), so they are formatted as they are,
 * never converted through the reader's own zone. Which sessions are a player's, where they are and what to
 * bring is in player-sessions.ts, which the public pages do not read.
 */
import { CLUB_TIME_ZONE } from './constants';
import { onFirstUse } from './first-use';
import type { TryoutSession } from './types';

function wallClock(localDateTime: string): Date {
  const [date, time] = localDateTime.split('T') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi));
}

// Made on first use: every server function imports this module through the shared index (first-use.ts).
const DAY = /* @__PURE__ */ onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'UTC',
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }),
);
const TIME = /* @__PURE__ */ onFirstUse(
  () => new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }),
);

/** "Saturday, August 16, 2025". */
export function sessionDay(session: Pick<TryoutSession, 'starts_at'>): string {
  return DAY().format(wallClock(session.starts_at));
}

/** "10:00 a.m. – 12:00 p.m.". */
export function sessionTime(session: Pick<TryoutSession, 'starts_at' | 'ends_at'>): string {
  return `${TIME().format(wallClock(session.starts_at))} – ${TIME().format(wallClock(session.ends_at))}`;
}

/** "Saturday, August 16, 2025 · 10:00 a.m. – 12:00 p.m.". */
export function sessionWhen(session: Pick<TryoutSession, 'starts_at' | 'ends_at'>): string {
  return `${sessionDay(session)} · ${sessionTime(session)}`;
}

// Pure: a bundle whose code never converts an instant (the browser's) leaves the formatter out.
const ZONE_PARTS = /* @__PURE__ */ onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: CLUB_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** How far Edmonton's clock is from UTC at an instant, in ms (−6 h in summer, −7 h in winter). */
function zoneOffset(instant: number): number {
  const parts = Object.fromEntries(
    ZONE_PARTS()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** The instant an Edmonton wall-clock time (`YYYY-MM-DDTHH:MM`) names, daylight saving time included. */
export function sessionInstant(localDateTime: string): Date {
  const wall = wallClock(localDateTime).getTime();
  const first = wall - zoneOffset(wall);
  return new Date(wall - zoneOffset(first));
}

/** "Tuesday, January 5, 2027" for a day written `YYYY-MM-DD` (the day registration opens, issue 18). */
export function dayOf(date: string): string {
  return sessionDay({ starts_at: `${date}T00:00` });
}
