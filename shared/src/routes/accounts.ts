/** Signing up and in, and the account page; with the active season every public page reads. Part of the one route table, routes.ts. */
import { PUBLIC_READ_PATHS } from '../public-paths';
import { answer, type FileAnswer, type RouteDefinition } from './route-definition';
import type * as T from '../types';

export const accountRoutes = {
  getActiveSeason: {
    method: 'GET',
    path: PUBLIC_READ_PATHS.getActiveSeason,
    access: 'public',
    handler: 'seasons/get-active',
    table: 'read',
    answer: answer<T.Season>(),
  },
  register: {
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    handler: 'auth/register',
    table: 'write',
    body: 'AccountRegistrationSchema',
    answer: answer<T.MessageAnswer>(),
    mail: true,
  },
  verifyEmail: {
    method: 'POST',
    path: '/auth/verify-email',
    access: 'public',
    handler: 'auth/verify-email',
    table: 'write',
    body: 'VerifyEmailBodySchema',
    answer: answer<T.VerifiedAnswer>(),
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    handler: 'auth/login',
    table: 'write',
    body: 'LoginSchema',
    answer: answer<T.TokenAnswer>(),
    cookie: true,
  },
  refreshToken: {
    method: 'POST',
    path: '/auth/refresh-token',
    access: 'public',
    handler: 'auth/refresh-token',
    table: 'write',
    answer: answer<T.TokenAnswer>(),
    cookie: true,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    access: 'public',
    handler: 'auth/logout',
    table: 'write',
    answer: answer<null>(),
    cookie: true,
  },
  resendVerification: {
    method: 'POST',
    path: '/auth/resend-verification',
    access: 'public',
    handler: 'auth/resend-verification',
    table: 'write',
    body: 'ResendVerificationSchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'public',
    handler: 'auth/forgot-password',
    table: 'write',
    body: 'EmailOnlySchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    access: 'public',
    handler: 'auth/reset-password',
    table: 'write',
    body: 'ResetPasswordBodySchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  // The account page (issue 18): the signed-in account's own details, password and e-mail address.
  getAccount: {
    method: 'GET',
    path: '/account',
    access: 'user',
    handler: 'account/get',
    table: 'read',
    answer: answer<T.AccountProfile>(),
  },
  /** Everything stored about the account and its household's athletes (issue 19), as a file to keep. */
  exportAccount: {
    method: 'GET',
    path: '/account/export',
    access: 'user',
    handler: 'account/export',
    table: 'read',
    query: 'ExportQuerySchema',
    answer: answer<FileAnswer>(),
  },
  /**
   * Deletes the account, its password asked again (issue 19): registrations kept for the club's records
   * without identity, the household's athletes with its last guardian. May close an unpaid checkout.
   */
  deleteAccount: {
    method: 'DELETE',
    path: '/account',
    access: 'user',
    handler: 'account/delete',
    table: 'write',
    body: 'DeleteAccountSchema',
    answer: answer<T.SuccessAnswer>(),
    payments: true,
    // A numbered registration withdrawn frees its spot for the waitlist: the offer's mail is queued.
    queue: 'familyMail',
  },
  updateAccount: {
    method: 'PATCH',
    path: '/account',
    access: 'user',
    handler: 'account/update',
    table: 'write',
    body: 'UpdateAccountSchema',
    answer: answer<T.AccountProfile>(),
  },
  /**
   * A new password while signed in, the current one asked. Under /auth, where the refresh cookie is sent, so
   * this device stays signed in while every other session ends.
   */
  changePassword: {
    method: 'POST',
    path: '/auth/change-password',
    access: 'user',
    handler: 'auth/change-password',
    table: 'write',
    body: 'ChangePasswordSchema',
    answer: answer<T.SuccessAnswer>(),
    cookie: true,
    mail: true,
  },
  /** Mails a confirmation link to the new address (and a word to the old one); nothing changes until followed. */
  changeEmail: {
    method: 'POST',
    path: '/account/email',
    access: 'user',
    handler: 'account/change-email',
    table: 'write',
    body: 'ChangeEmailSchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  /** The new address's link: the account's e-mail becomes it, and the old address is told. */
  confirmEmailChange: {
    method: 'POST',
    path: '/auth/confirm-email-change',
    access: 'public',
    handler: 'auth/confirm-email-change',
    table: 'write',
    body: 'ConfirmEmailChangeSchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
} as const satisfies Record<string, RouteDefinition>;
