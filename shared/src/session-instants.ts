/**
 * The instant an Edmonton wall-clock session time names, for the code that compares a session with now (the
 * server, and the admin's screens). A module of its own so that the public pages, which only write session
 * times as they are (sessions.ts), never carry it in their first chunk.
 */
import { CLUB_TIME_ZONE } from './constants';
import { onFirstUse } from './first-use';
import { wallClock } from './sessions';

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
