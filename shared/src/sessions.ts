/**
 * A season's sessions as families read them: which are a player's, and how a session's day, time and place
 * are written ("Saturday, August 16, 2025 · 10:00 a.m. – 12:00 p.m."), the way spec §3's event cards write
 * them. Session times are Edmonton wall-clock times (`YYYY-MM-DDTHH:MM`), so they are formatted as they are,
 * never converted through the reader's own zone. Which sessions are a player's, where they are and what to
 * bring is in player-sessions.ts, which the public pages do not read.
 */
import { onFirstUse } from './first-use';
import type { TryoutSession } from './types';

/** A wall-clock time as the UTC instant with the same digits (formatted in UTC, it reads as written). */
export function wallClock(localDateTime: string): Date {
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
