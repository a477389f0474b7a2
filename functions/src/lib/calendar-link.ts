/**
 * The signed calendar link a confirmation mail carries (a mail link carries no sign-in): an HS256 JWT (jose)
 * naming one registration, with its own audience, so it is never an access token and no access token is
 * one. It reads that registration's sessions and nothing else, for a year. A household's link (the family's
 * subscription) also holds only while its account's calendar secret, password and household are the ones
 * it was given under (issue 42), so the family can end a leaked one.
 */
import { SignJWT, jwtVerify } from 'jose';
import { getSecrets } from './config';

const ISSUER = 'club-website';
const AUDIENCE = 'club-website/calendar';
const ALGORITHM = 'HS256';
export const CALENDAR_LINK_TTL_SECONDS = 365 * 24 * 60 * 60;

async function signingKey(): Promise<Uint8Array> {
  return new TextEncoder().encode((await getSecrets()).jwtSecret);
}

/**
 * A family's subscription key names its account (issue 36): the feed is that account's household's
 * registrations, whoever joins or leaves later.
 */
export const HOUSEHOLD_KEY = 'household:';

/**
 * What keeps a household link revocable (issue 42): the account's calendar secret version (its "Reset
 * calendar link" moves it on), its password version (a password change ends every link it gave out) and the
 * household it was given in ('' when none: a guardian who leaves it ends the link).
 */
export interface CalendarLinkHolder {
  readonly calendar_version: number;
  readonly password_version: number;
  readonly household_id: string;
}

/** The key of a registration's calendar (its public id), or of a household's (HOUSEHOLD_KEY + account id). */
export async function signCalendarKey(
  tryoutId: string,
  now = Date.now(),
  holder?: CalendarLinkHolder,
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT(
    holder ? { cv: holder.calendar_version, pv: holder.password_version, hh: holder.household_id } : {},
  )
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(tryoutId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CALENDAR_LINK_TTL_SECONDS)
    .sign(await signingKey());
}

/**
 * The registration a link names, with the holder it was given to (a household link's), or null for any link
 * that is not one of ours, altered or expired.
 */
export async function verifyCalendarKey(
  token: string,
): Promise<{ subject: string; holder: CalendarLinkHolder | null } | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== 'string') return null;
    const { cv, pv, hh } = payload;
    const holder =
      typeof cv === 'number' && typeof pv === 'number' && typeof hh === 'string'
        ? { calendar_version: cv, password_version: pv, household_id: hh }
        : null;
    return { subject: payload.sub, holder };
  } catch {
    return null;
  }
}

/**
 * Whether a household link still holds for its account as it is now: given under its current calendar
 * version and password, and in its current household (a link given with none holds in the one it joins).
 */
export function calendarLinkHolds(
  link: CalendarLinkHolder | null,
  account: { calendar_version?: number; passwordVersion: number; household_id?: string },
): boolean {
  return (
    link !== null &&
    link.calendar_version === (account.calendar_version ?? 0) &&
    link.password_version === account.passwordVersion &&
    (link.household_id === '' || link.household_id === (account.household_id ?? ''))
  );
}
