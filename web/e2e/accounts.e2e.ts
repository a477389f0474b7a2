/**
 * The accounts journeys in Chromium against the whole local stack: sign-up with parent consent, the
 * verification mail from the emulator's inbox, sign-in, a reload, sign-out; forgot and reset password;
 * the role redirects.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInClubZone } from '@club/shared';
import { adminCredentials, checkA11y, inbox, openPage, siteUrl } from './harness';

const PASSWORD = 'Strong!Pass123';

function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A birth date `years` years before today, in the club's zone. */
function yearsAgo(years: number): string {
  const [y, m, d] = todayInClubZone().split('-');
  return `${Number(y) - years}-${m}-${m === '02' && d === '29' ? '28' : d}`;
}

/** Waits for the newest mail with this subject and returns the first link in its text that contains `part`. */
async function linkFromMail(address: string, subject: string, part: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = (await inbox(address)).filter((m) => m.subject === subject).at(-1);
    const link = mail?.body.text?.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No "${subject}" mail with a ${part} link reached ${address}`);
}

/** A verified adult player, made through the API as a family would through the pages. */
async function verifiedPlayer(firstName: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await fetch(`${siteUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: firstName,
      last_name: 'Tester',
      email,
      password: PASSWORD,
      date_of_birth: yearsAgo(25),
      phone_number: '780-555-0101',
      emergency_contact_name: 'Pat Tester',
      emergency_contact_phone: '780-555-0102',
      emergency_contact_email: 'pat@example.com',
      emergency_contact_relationship: 'other_family',
      parent_consent: false,
    }),
  });
  expect(res.status).toBe(201);
  const link = await linkFromMail(email, 'Verify your email address', 'verify-email');
  const verified = await fetch(link, { redirect: 'manual' });
  expect(verified.headers.get('location')).toContain('/email-confirmed');
  return { email, password: PASSWORD };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

describe('accounts', () => {
  it('a 16-year-old signs up with parent consent, verifies from the inbox, signs in, reloads and signs out', async () => {
    const { page, consoleErrors, close } = await openPage();
    const email = uniqueEmail('maya');

    // Sign up
    await page.goto('/register');
    await heading(page, 'Create Your Account').waitFor();
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Date of birth').fill(yearsAgo(16));
    await page.getByLabel('Phone number').fill('(780) 555-0101');
    await page.getByLabel('Contact name').fill('Ada Okafor');
    await page.getByLabel('Contact phone').fill('780-555-0102');
    await page.getByLabel('Contact email').fill('ada@example.com');
    await page.getByLabel('Relationship').selectOption('parent');
    await page.getByRole('checkbox', { name: /parent or guardian/i }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await heading(page, 'Registration Successful').waitFor();
    expect(new URL(page.url()).pathname).toBe('/check-email');
    await expect(page.getByText(email).textContent()).resolves.toBe(email);

    // Verify from the mail
    const link = await linkFromMail(email, 'Verify your email address', 'verify-email');
    await page.goto(link);
    await heading(page, 'Email Verified Successfully!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/email-confirmed');
    await page.getByRole('link', { name: 'Continue to Login' }).click();

    // Sign in
    await heading(page, 'Login').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await heading(page, 'Welcome, Maya!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Reload: still signed in
    await page.reload();
    await heading(page, 'Welcome, Maya!').waitFor();

    // Sign out
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL(/\/login$/);

    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('a player who forgot the password gets a link by mail, sets a new one and signs in with it', async () => {
    const { email } = await verifiedPlayer('Noor');
    const { page, consoleErrors, close } = await openPage();
    const newPassword = 'Fresh!Password9';

    await page.goto('/forgot-password');
    await heading(page, 'Forgot Password').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Reset link sent!').waitFor();

    // The cooldown survives a reload
    await page.reload();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/Please wait \d+ seconds before requesting another reset link\./).waitFor();

    const link = await linkFromMail(email, 'Reset your password', '/reset-password/');
    await page.goto(link);
    await heading(page, 'Set a New Password').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successfully! Redirecting to login...').waitFor();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });

    await signIn(page, email, newPassword);
    await heading(page, 'Welcome, Noor!').waitFor();

    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('an administrator lands on /admin, and a player who types /admin lands on /dashboard', async () => {
    const { email, password } = await verifiedPlayer('Sam');
    const admin = await openPage();
    const player = await openPage();

    await signIn(admin.page, adminCredentials().email, adminCredentials().password);
    await heading(admin.page, 'Admin Dashboard').waitFor();
    expect(new URL(admin.page.url()).pathname).toBe('/admin');
    await admin.page.goto('/dashboard');
    await heading(admin.page, 'Admin Dashboard').waitFor();

    await signIn(player.page, email, password);
    await heading(player.page, 'Welcome, Sam!').waitFor();
    await player.page.goto('/admin');
    await heading(player.page, 'Welcome, Sam!').waitFor();
    expect(new URL(player.page.url()).pathname).toBe('/dashboard');

    expect([...admin.consoleErrors, ...player.consoleErrors]).toEqual([]);
    await admin.close();
    await player.close();
  });

  it('every account screen passes axe', async () => {
    const { page, close } = await openPage();
    const token = 'a'.repeat(43);
    for (const path of [
      '/login',
      '/register',
      '/check-email?email=maya%40example.com',
      '/verify-notice?link=invalid',
      '/email-confirmed',
      '/forgot-password',
      `/reset-password/${token}`,
    ]) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await checkA11y(page);
    }
    await close();
  });
});
