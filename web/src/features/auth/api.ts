/**
 * The account calls of spec §7, with paths from the shared route table. The session provider loads this on
 * every page, so it imports shared subpaths only: the schemas (and valibot) stay in the lazy form chunks.
 */
import { apiPath } from '@club/shared/routes';
import type { RegistrationInput } from '@club/shared/schemas';
import { apiRequest } from '../../lib/api-client';

export interface MessageAnswer {
  success: boolean;
  message: string;
}

export function login(email: string, password: string): Promise<{ token: string }> {
  return apiRequest(apiPath('login'), { method: 'POST', body: { email, password }, session: false });
}

export function refreshAccessToken(): Promise<{ token: string }> {
  return apiRequest(apiPath('refreshToken'), { method: 'POST', session: false });
}

export function logout(): Promise<null> {
  return apiRequest(apiPath('logout'), { method: 'POST', session: false });
}

export function register(fields: RegistrationInput): Promise<MessageAnswer> {
  return apiRequest(apiPath('register'), { method: 'POST', body: fields, session: false });
}

export function resendVerification(email: string): Promise<MessageAnswer> {
  return apiRequest(apiPath('resendVerification'), { method: 'POST', body: { email }, session: false });
}

export function forgotPassword(email: string): Promise<MessageAnswer> {
  return apiRequest(apiPath('forgotPassword'), { method: 'POST', body: { email }, session: false });
}

/** The token of the mail's link goes in the body, never into a URL a log could keep. */
export function resetPassword(token: string, password: string): Promise<MessageAnswer> {
  return apiRequest(apiPath('resetPassword'), { method: 'POST', body: { token, password }, session: false });
}

export function verifyEmail(token: string): Promise<MessageAnswer> {
  return apiRequest(apiPath('verifyEmail'), { method: 'POST', body: { token }, session: false });
}
