/**
 * The signed calendar link a confirmation mail carries (a mail link carries no sign-in): an HS256 JWT (jose)
 * naming one registration, with its own audience, so it is never an access token and no access token is
 * one. It reads that registration's sessions and nothing else, for a year.
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

/** The key of a registration's calendar (its public id), or of a household's (HOUSEHOLD_KEY + account id). */
export async function signCalendarKey(tryoutId: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(tryoutId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CALENDAR_LINK_TTL_SECONDS)
    .sign(await signingKey());
}

/** The registration a link names, or null for any link that is not one of ours, altered or expired. */
export async function verifyCalendarKey(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
