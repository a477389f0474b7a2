/** Reads the user from the access token (spec §3). The server verifies tokens; the browser only decodes them. */
import type { AccessTokenClaims, SessionUser } from '@club/shared';

interface Claims extends AccessTokenClaims {
  exp?: number;
  iat?: number;
}

/** The last token read and its claims: activity events ask on every key press, for the same token. */
let last: { token: string; claims: Claims | null } | undefined;

function decodeClaims(token: string): Claims | null {
  if (last?.token !== token) last = { token, claims: readClaims(token) };
  return last.claims;
}

function readClaims(token: string): Claims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Claims>;
    if (typeof claims.sub !== 'string') return null;
    return claims as Claims;
  } catch {
    return null;
  }
}

export function userFromToken(token: string): SessionUser | null {
  const claims = decodeClaims(token);
  if (!claims) return null;
  return {
    id: claims.sub,
    first_name: claims.first_name ?? '',
    last_name: claims.last_name ?? '',
    email: claims.email ?? '',
    is_admin: claims.is_admin === true,
  };
}

/** True when the token is unreadable or its `exp` has passed. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const claims = decodeClaims(token);
  if (!claims) return true;
  return typeof claims.exp === 'number' && claims.exp * 1000 <= now;
}

/** When the token was issued and when it runs out (epoch ms), or null when it says neither. */
export function tokenTimes(token: string): { issuedAt: number; expiresAt: number } | null {
  const claims = decodeClaims(token);
  if (typeof claims?.exp !== 'number') return null;
  return { issuedAt: (claims.iat ?? 0) * 1000, expiresAt: claims.exp * 1000 };
}
