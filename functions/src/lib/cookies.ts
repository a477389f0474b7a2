/**
 * The refresh cookie: HttpOnly so page scripts never see it, Secure, SameSite=Strict and scoped to the
 * auth endpoints, which are same-origin only (the wrapper refuses foreign origins on cookie routes).
 */
import * as v from 'valibot';
import { API_PREFIX } from '@club/shared';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = `${API_PREFIX}/auth`;

/** The cookies a refresh or logout reads; a malformed token counts as none. */
export const RefreshCookieSchema = v.object({
  [REFRESH_COOKIE]: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/))), undefined),
});

/** The cookie lives exactly as long as its token is spendable (services/accounts/sign-in-sessions.ts), never longer. */
export function refreshCookie(token: string, maxAgeSeconds: number): string {
  return `${REFRESH_COOKIE}=${token}; HttpOnly; Secure; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}`;
}

export function clearedRefreshCookie(): string {
  return `${REFRESH_COOKIE}=; HttpOnly; Secure; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=0`;
}
