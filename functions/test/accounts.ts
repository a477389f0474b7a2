/** Test helpers for accounts: unique e-mails, a valid registration, and a signed-in user in one call. */
import type { RegistrationInput } from '@club/shared';
import { call } from './api';
import { anAccountSignUp, expectStatus } from './builders';
import { linkFromLatestMail, tokenFromLink } from './mailbox';

/** The site's origin in tests (SITE_URL); cookie routes refuse any other. */
export const SITE_ORIGIN = 'http://localhost:5173';
export const sameOrigin = { origin: SITE_ORIGIN };

export { PASSWORD, uniqueEmail } from './builders';
export const NEW_PASSWORD = 'Another@Strong42Pass';

/** The player sign-up body (builders.ts anAccountSignUp), under the name the account tests know it by. */
export const registration = anAccountSignUp;

/** The refresh cookie's "name=value" out of a Set-Cookie list. */
export function refreshCookieFrom(setCookies: string[]): string {
  const cookie = setCookies.find((c) => c.startsWith('refresh_token='));
  if (!cookie) throw new Error('No refresh_token cookie was set');
  return cookie.split(';')[0]!;
}

/** Registers, follows the verification link from the mail, and signs in. */
export async function signedInUser(overrides: Partial<RegistrationInput> = {}) {
  const input = registration(overrides);
  expectStatus(await call('register', { body: input }), 201);
  expectStatus(await followVerificationLink(input.email), 200);
  const res = expectStatus(
    await call('login', { body: { email: input.email, password: input.password }, headers: sameOrigin }),
    200,
  );
  return {
    email: input.email,
    password: input.password,
    token: res.body.token as string,
    refreshCookie: refreshCookieFrom(res.cookies),
  };
}

/** Opens the newest verification link mailed to the address, as the /verify-email screen would. */
export async function followVerificationLink(email: string) {
  const link = await linkFromLatestMail(email, /\/verify-email#/);
  return call('verifyEmail', { body: { token: tokenFromLink(link) } });
}
