/**
 * Players for the browser journeys: a verified account made through the API and the mail emulator (as a
 * family would through the pages), and signing in through the login page.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { todayInClubZone } from '@club/shared';
import { inbox, siteUrl } from './harness';

export const PASSWORD = 'Strong!Pass123';

export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A birth date `years` years before today, in the club's zone. */
export function yearsAgo(years: number): string {
  const [y, m, d] = todayInClubZone().split('-');
  return `${Number(y) - years}-${m}-${m === '02' && d === '29' ? '28' : d}`;
}

/** Waits for the newest mail with this subject and returns the first link in its text that contains `part`. */
export async function linkFromMail(address: string, subject: string, part: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = (await inbox(address)).filter((m) => m.subject === subject).at(-1);
    const link = mail?.body.text?.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No "${subject}" mail with a ${part} link reached ${address}`);
}

/** A verified player account; adults by default, or born on `dateOfBirth` (a minor gets parent consent). */
export async function verifiedPlayer(
  firstName: string,
  options: { dateOfBirth?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(firstName.toLowerCase());
  const dateOfBirth = options.dateOfBirth ?? yearsAgo(25);
  const res = await fetch(`${siteUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: firstName,
      last_name: 'Tester',
      email,
      password: PASSWORD,
      date_of_birth: dateOfBirth,
      phone_number: '780-555-0101',
      emergency_contact_name: 'Pat Tester',
      emergency_contact_phone: '780-555-0102',
      emergency_contact_email: 'pat@example.com',
      emergency_contact_relationship: 'parent',
      parent_consent: options.dateOfBirth !== undefined,
    }),
  });
  expect(res.status).toBe(201);
  // What the /verify-email screen does with the link: post the token its fragment carries.
  const link = await linkFromMail(email, 'Verify your email address', '/verify-email#');
  const verified = await fetch(`${siteUrl()}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link).hash.slice(1) }),
  });
  expect(verified.status).toBe(200);
  return { email, password: PASSWORD };
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The API as a signed-in browser calls it (same origin, bearer token), from a journey. */
export async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${siteUrl()}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: siteUrl(), authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

/** Signs in through the API: the access token and the account's id (its `sub`). */
export async function login(email: string, password: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${siteUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: siteUrl() },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const token = ((await res.json()) as { token: string }).token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return { token, userId: claims.sub };
}
