/**
 * The accounts journeys in Chromium against the whole local stack: sign-up with parent consent, the
 * verification mail from the emulator's inbox, sign-in, a reload, sign-out; forgot and reset password;
 * the role redirects.
 */
import { describe, expect, it } from 'vitest';
import { adminCredentials, checkA11y, openPage } from './harness';
import { heading, linkFromMail, PASSWORD, signIn, uniqueEmail, verifiedPlayer, yearsAgo } from './players';

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
    const link = await linkFromMail(email, 'Verify your email address', '/verify-email#');
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

    // The token rides in the link's fragment, which the browser keeps to itself.
    const link = await linkFromMail(email, 'Reset your password', '/reset-password#');
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
      `/reset-password#${token}`,
    ]) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await checkA11y(page);
    }
    await close();
  });
});
