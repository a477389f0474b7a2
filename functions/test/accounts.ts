/** Test helpers for accounts: unique e-mails, a valid registration, and a signed-in user in one call. */
import { randomUUID } from 'node:crypto';
import type { RegistrationInput } from '@club/shared';
import { call } from './api';
import { linkFromLatestMail, tokenFromLink } from './mailbox';

/** The site's origin in tests (SITE_URL); cookie routes refuse any other. */
export const SITE_ORIGIN = 'http://localhost:5173';
export const sameOrigin = { origin: SITE_ORIGIN };

export const PASSWORD = 'Correct!Horse9Battery';
export const NEW_PASSWORD = 'Another@Strong42Pass';

export function uniqueEmail(label = 'family'): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.test`;
}

export function registration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    first_name: 'Jordan',
    last_name: 'Lee',
    email: uniqueEmail(),
    password: PASSWORD,
    date_of_birth: '1990-04-12',
    phone_number: '(780) 555-0134',
    emergency_contact_name: 'Sam Lee',
    emergency_contact_phone: '1-780-555-0199',
    emergency_contact_email: 'sam.lee@example.test',
    emergency_contact_relationship: 'parent',
    parent_consent: false,
    ...overrides,
  };
}

/** The refresh cookie's "name=value" out of a Set-Cookie list. */
export function refreshCookieFrom(setCookies: string[]): string {
  const cookie = setCookies.find((c) => c.startsWith('refresh_token='));
  if (!cookie) throw new Error('No refresh_token cookie was set');
  return cookie.split(';')[0]!;
}

/** Registers, follows the verification link from the mail, and signs in. */
export async function signedInUser(overrides: Partial<RegistrationInput> = {}) {
  const input = registration(overrides);
  const registered = await call('register', { body: input });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  await followVerificationLink(input.email);
  const res = await call('login', {
    body: { email: input.email, password: input.password },
    headers: sameOrigin,
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
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
