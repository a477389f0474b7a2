/**
 * The refresh cookie: HttpOnly so page scripts never see it, Secure, SameSite=Strict and scoped to the
 * auth endpoints, which are same-origin only (the wrapper refuses foreign origins on cookie routes).
 */
import * as v from 'valibot';
import { API_PREFIX } from '@club/shared';

export const REFRESH_COOKIE = 'refresh_token';
/** How long a sign-in lasts without use: each refresh starts this period again. One place for cookie and table. */
export const REFRESH_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const COOKIE_PATH = `${API_PREFIX}/auth`;

/** The cookies a refresh or logout reads; a malformed token counts as none. */
export const RefreshCookieSchema = v.object({
  [REFRESH_COOKIE]: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/))), undefined),
});

export function refreshCookie(token: string): string {
  return `${REFRESH_COOKIE}=${token}; HttpOnly; Secure; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=${REFRESH_SESSION_TTL_SECONDS}`;
}

export function clearedRefreshCookie(): string {
  return `${REFRESH_COOKIE}=; HttpOnly; Secure; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=0`;
}
