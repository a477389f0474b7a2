import { ADULT_AGE, CLUB_TIME_ZONE } from './constants';
import { onFirstUse } from './first-use';

/** A calendar date as YYYY-MM-DD. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Made once, on first use: building a formatter with a time zone costs far more than formatting with it. */
const clubDay = /* @__PURE__ */ onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: CLUB_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** Today's date in the club's time zone (Edmonton), so "today" is the same on the server and in a browser there. */
export function todayInClubZone(now: Date = new Date()): IsoDate {
  // en-CA formats as YYYY-MM-DD.
  return clubDay().format(now);
}

/** True for a real calendar date written YYYY-MM-DD (rejects 2024-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whole years between a birth date and a day (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: IsoDate, day: IsoDate): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = day.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** Under the adult threshold (18) on the given day; parent consent applies only then. */
export function isMinor(dateOfBirth: IsoDate, day: IsoDate = todayInClubZone()): boolean {
  return ageOn(dateOfBirth, day) < ADULT_AGE;
}
