/**
 * The account calls of spec §7, typed from the shared route table. The session provider loads this on every
 * page, so it imports shared subpaths only: the schemas (and valibot) stay in the lazy form chunks. Every
 * account call is a public route: a 401 there is an answer, so it never refreshes or signs anyone out.
 */
import type { GuardianRegistrationInput, RegistrationInput } from '@club/shared/schemas';
import type { MessageAnswer, SuccessAnswer, TokenAnswer, VerifiedAnswer } from '@club/shared/types';
import { ApiError, callApi } from '../../lib/api-client';
import { stopSessionCalls } from '../../lib/session-token';
import { peekReturnTo } from '../../lib/return-to';

/** `code`: the sign-in code mailed once the account's sign-ins were limited (issue 34). */
export function login(email: string, password: string, code?: string): Promise<TokenAnswer> {
  return callApi('login', { body: { email, password, ...(code ? { code } : {}) } });
}

/**
 * A new access token from the refresh cookie. A session that cannot be renewed (401: it is over) is a
 * sign-out, so the device forgets the helper apps' lists first (issue 42); a network failure forgets nothing.
 */
export async function refreshAccessToken(): Promise<TokenAnswer> {
  try {
    return await callApi('refreshToken');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await forgetHelperLists();
    throw error;
  }
}

/**
 * Forgets the helper apps' lists kept on this device (issue 42), loading that code only then: a sign-out by
 * hand or after 30 idle minutes (logout below), or a session that could not be renewed. Never rejects.
 */
export function forgetHelperLists(): Promise<void> {
  return import('../../lib/helper-device-data').then(
    (device) => device.forgetHelperLists(),
    () => undefined,
  );
}

/**
 * Signing out: the calls still under way for the session stop, and the device forgets the helper apps' lists
 * first, so an offline sign-out forgets them too.
 */
export async function logout(): Promise<null> {
  stopSessionCalls();
  await forgetHelperLists();
  return callApi('logout');
}

export function register(fields: RegistrationInput | GuardianRegistrationInput): Promise<MessageAnswer> {
  return callApi('register', { body: fields });
}

/**
 * Where a new account's verification link continues (issue 36): registration, when that is where the family
 * was going in this tab; the link then takes it there on any device.
 */
export function signUpReturnTo(): { return_to: '/tryout' } | Record<string, never> {
  return peekReturnTo() === '/tryout' ? { return_to: '/tryout' } : {};
}

export function resendVerification(email: string): Promise<SuccessAnswer> {
  return callApi('resendVerification', { body: { email, ...signUpReturnTo() } });
}

export function forgotPassword(email: string): Promise<SuccessAnswer> {
  return callApi('forgotPassword', { body: { email } });
}

/** The token of the mail's link goes in the body, never into a URL a log could keep. */
export function resetPassword(token: string, password: string): Promise<SuccessAnswer> {
  return callApi('resetPassword', { body: { token, password } });
}

export function verifyEmail(token: string): Promise<VerifiedAnswer> {
  return callApi('verifyEmail', { body: { token } });
}
