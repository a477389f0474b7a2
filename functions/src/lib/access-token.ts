/**
 * Short-lived access tokens (HS256 JWT via jose) carrying the claims the web reads (spec §3 user).
 * Verification pins the algorithm, issuer and audience, so `alg: none` and foreign tokens fail.
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { AccessTokenClaims } from '@club/shared';
import { getSecrets } from './config';
import { UnauthorizedError } from './errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * The claims a token carries: the web's (spec §3 user) and `sid`, the sign-in (session family) it was issued
 * in. The API checks that sign-in is still live on every signed-in request (issue 34), so signing out, a
 * password change and a deletion end the token's access at once, not when it expires.
 */
export interface SessionClaims extends AccessTokenClaims {
  sid: string;
}
const ISSUER = 'club-website';
const AUDIENCE = 'club-website/api';
const ALGORITHM = 'HS256';

let key: Promise<Uint8Array> | undefined;
function signingKey(): Promise<Uint8Array> {
  key ??= getSecrets().then((s) => new TextEncoder().encode(s.jwtSecret));
  return key;
}

export async function signAccessToken(claims: SessionClaims, now = Date.now()): Promise<string> {
  const { sub, ...rest } = claims;
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await signingKey());
}

/** The claims of a valid token; any other token is a 401 with one message, whatever was wrong with it. */
export async function verifyAccessToken(token: string): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.email !== 'string' ||
      typeof payload.first_name !== 'string' ||
      typeof payload.last_name !== 'string' ||
      typeof payload.is_admin !== 'boolean' ||
      typeof payload.sid !== 'string'
    ) {
      throw new UnauthorizedError('Not signed in.');
    }
    return {
      sub: payload.sub,
      email: payload.email,
      first_name: payload.first_name,
      last_name: payload.last_name,
      is_admin: payload.is_admin,
      sid: payload.sid,
    };
  } catch (error) {
    if (error instanceof UnauthorizedError || error instanceof joseErrors.JOSEError) {
      throw new UnauthorizedError('Not signed in.');
    }
    throw error;
  }
}

/** For tests that change the secret. */
export function resetAccessTokenKeyForTests(): void {
  key = undefined;
}
