/** The account calls of spec §7, with paths from the shared route table. */
import { apiPath, routes, type RegistrationInput, type RouteName } from '@club/shared';
import { apiRequest } from '../../lib/api-client';

/** The contract's paths, used until the route table carries the row (the server side adds them). */
const contractPaths = {
  register: '/api/auth/register',
  login: '/api/auth/login',
  refreshToken: '/api/auth/refresh-token',
  logout: '/api/auth/logout',
  resendVerification: '/api/auth/resend-verification',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password/{token}',
} as const;
type AuthRoute = keyof typeof contractPaths;

function authPath(name: AuthRoute, params: Record<string, string> = {}): string {
  if (name in routes) return apiPath(name as RouteName, params);
  return contractPaths[name].replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

export interface MessageAnswer {
  success: boolean;
  message: string;
}

export function login(email: string, password: string): Promise<{ token: string }> {
  return apiRequest(authPath('login'), { method: 'POST', body: { email, password }, session: false });
}

export function refreshAccessToken(): Promise<{ token: string }> {
  return apiRequest(authPath('refreshToken'), { method: 'POST', session: false });
}

export function logout(): Promise<null> {
  return apiRequest(authPath('logout'), { method: 'POST', session: false });
}

export function register(fields: RegistrationInput): Promise<MessageAnswer> {
  return apiRequest(authPath('register'), { method: 'POST', body: fields, session: false });
}

export function resendVerification(email: string): Promise<MessageAnswer> {
  return apiRequest(authPath('resendVerification'), { method: 'POST', body: { email }, session: false });
}

export function forgotPassword(email: string): Promise<MessageAnswer> {
  return apiRequest(authPath('forgotPassword'), { method: 'POST', body: { email }, session: false });
}

export function resetPassword(token: string, password: string): Promise<MessageAnswer> {
  return apiRequest(authPath('resetPassword', { token }), {
    method: 'POST',
    body: { password },
    session: false,
  });
}
