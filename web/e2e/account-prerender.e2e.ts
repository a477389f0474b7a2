/**
 * The account pages a family opens from a mail or a link (issue 20) are prerendered: their heading and form
 * are in the HTML before any script runs, they stay out of search, they hydrate without a mismatch, and a
 * visitor who types (and presses Enter) before the app has loaded loses nothing.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PAGE_PATHS } from '@club/shared/prerendered-paths';
import { openPage, siteUrl } from './harness';
import { heading, verifiedPlayer } from './players';
import {
  fetchPrerendered,
  gotoAndHydrate,
  holdScripts,
  layoutShifts,
  recordLayoutShifts,
} from './public-expectations';

/** What each page shows before any script runs: its one heading and the fields of its form. */
const FRAMES: Record<(typeof ACCOUNT_PAGE_PATHS)[number], { heading: string; fields: string[] }> = {
  '/login': { heading: 'Login', fields: ['email', 'password'] },
  '/register': {
    heading: 'Create Your Account',
    fields: ['first_name', 'last_name', 'email', 'password', 'date_of_birth', 'phone_number'],
  },
  '/forgot-password': { heading: 'Forgot Password', fields: ['email'] },
  '/reset-password': { heading: 'Set a New Password', fields: ['password', 'confirm_password'] },
  '/verify-notice': { heading: 'Verify Your Email', fields: [] },
  '/check-email': { heading: 'Registration Successful', fields: [] },
  '/verify-email': { heading: 'Verify Your Email', fields: [] },
  '/email-confirmed': { heading: 'Email Verified Successfully!', fields: [] },
  '/household/join': { heading: 'Join a family account', fields: [] },
  '/account/confirm-email': { heading: 'Confirm your new e-mail address', fields: [] },
  '/account-deleted': { heading: 'Your account was deleted', fields: [] },
};

describe('prerendered account pages (issue 20)', () => {
  it('covers exactly the pages a mail or a link opens', () => {
    expect(Object.keys(FRAMES).sort()).toEqual([...ACCOUNT_PAGE_PATHS].sort());
  });

  for (const [path, frame] of Object.entries(FRAMES)) {
    it(`${path} holds its heading and form before any script runs, and stays out of search`, async () => {
      const { html, root, heading } = await fetchPrerendered(path);
      expect(heading).toBe(frame.heading);
      for (const field of frame.fields) expect(root, `${path} #${field}`).toContain(`id="${field}"`);
      // A form sent with no script at all posts its fields: a password never rides in a URL.
      if (frame.fields.includes('password')) expect(root).toMatch(/<form[^>]* method="post"/);
      expect(html).toContain('<meta name="robots" content="noindex"');
    });
  }

  it('are left out of the sitemap', async () => {
    const sitemap = await (await fetch(`${siteUrl()}/sitemap.xml`)).text();
    for (const path of Object.keys(FRAMES)) expect(sitemap).not.toContain(`${path}</loc>`);
  });

  it('show the sign-in form in a browser with JavaScript turned off', async () => {
    const { page, close } = await openPage({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      await page.goto('/login');
      await expect(page.locator('h1').innerText()).resolves.toBe('Login');
      await expect(page.getByLabel('Email', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByLabel('Password', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Login', exact: true }).isVisible()).resolves.toBe(true);
    } finally {
      await close();
    }
  });

  it('hydrate every page without an error or a mismatch', async () => {
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    try {
      for (const path of ['/login', '/register', '/forgot-password', '/reset-password', '/check-email']) {
        await gotoAndHydrate(page, path);
        await expect(heading(page, FRAMES[path as keyof typeof FRAMES].heading).isVisible()).resolves.toBe(
          true,
        );
      }
      // What the URL carries shows once hydrated: the address registered with, a spent link's notice.
      await gotoAndHydrate(page, '/check-email?email=robin%40example.test');
      await expect(page.getByText('robin@example.test').first().isVisible()).resolves.toBe(true);
      await gotoAndHydrate(page, '/verify-notice?link=invalid');
      await expect(page.getByRole('alert').first().isVisible()).resolves.toBe(true);
      // A cooldown started before a reload is still there after it.
      await page.evaluate(() =>
        localStorage.setItem('resendVerificationCooldownUntil', String(Date.now() + 45_000)),
      );
      await gotoAndHydrate(page, '/check-email?email=robin%40example.test');
      await expect(
        page.getByText(/^You can request another email in 4\d seconds\.$/).isVisible(),
      ).resolves.toBe(true);
      await expect(
        page.getByRole('button', { name: 'Resend verification email' }).isDisabled(),
      ).resolves.toBe(true);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('show what a mailed link says once hydrated, without a mismatch', async () => {
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    try {
      // An invitation opened signed out: the frame's first line stays, and the way to sign in follows.
      await gotoAndHydrate(page, `/household/join#${'b'.repeat(43)}`);
      await expect(
        page.getByText('You were invited to join a family account as a parent or guardian.').count(),
      ).resolves.toBe(1);
      await expect(page.getByRole('link', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
      // The address change's page posts the link's token; an unknown one is refused, and says so.
      await gotoAndHydrate(page, `/account/confirm-email#${'c'.repeat(43)}`);
      await page.getByRole('alert').waitFor();
      await expect(page.getByRole('link', { name: 'Go to your account' }).isVisible()).resolves.toBe(true);
      // The refused tokens' answers are the failed loads (the unknown invitation's page asks who invited,
      // issue 36); nothing else went wrong (no hydration error).
      expect(
        consoleErrors.filter(
          (line) =>
            !line.includes('/api/auth/confirm-email-change') &&
            !line.includes('/api/household/guardians/preview'),
        ),
      ).toEqual([]);
    } finally {
      await close();
    }
  });

  // A link opened without its token says so in the frame's place: the message takes the first line's place
  // as a new element, so nothing already painted moves (it was the same paragraph restyled: 0.0007).
  it('say so in place when a mailed link comes without its token, moving nothing', async () => {
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    try {
      await recordLayoutShifts(page);
      await gotoAndHydrate(page, '/household/join');
      await expect(page.getByRole('alert').innerText()).resolves.toBe(
        'This page needs the link from your invitation e-mail. Open the link again.',
      );
      await page.waitForLoadState('networkidle');
      expect((await layoutShifts(page)).total).toBe(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps what a visitor typed before the app loaded, and sends the form they sent meanwhile', async () => {
    const { email, password } = await verifiedPlayer('Early');
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    try {
      // The app's scripts are held back: the prerendered page is all there is.
      const release = await holdScripts(page);
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      // Nothing was sent as a plain request meanwhile.
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(page.url()).not.toContain('password');
      await expect(page.locator('html[data-hydrated]').count()).resolves.toBe(0);

      release();
      // The kept Enter press signed the player in with what they typed.
      await page.waitForURL('**/dashboard');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps a typed address on the registration form, and checks it on blur once hydrated', async () => {
    const { page, close } = await openPage({ viewport: { width: 390, height: 844 } });
    try {
      const release = await holdScripts(page);
      await page.goto('/register');
      await page.locator('#first_name').fill('Robin');
      await page.locator('#email').fill('not-an-address');
      release();
      await page.waitForSelector('html[data-hydrated]');

      await expect(page.locator('#first_name').inputValue()).resolves.toBe('Robin');
      await expect(page.locator('#email').inputValue()).resolves.toBe('not-an-address');
      await page.locator('#email').focus();
      await page.locator('#email').blur();
      await expect(page.locator('#email-error').innerText()).resolves.toBe('Invalid email format.');
    } finally {
      await close();
    }
  });
  for (const [path, field] of [
    ['/register', '#password'],
    ['/reset-password', '#password'],
  ] as const) {
    it(`${path}: a password typed before the app loaded ticks off its rules once hydrated, without a mismatch`, async () => {
      const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
      try {
        const release = await holdScripts(page);
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await page.locator(field).fill('Fresh!Password9');
        // Before hydration the rules are the prerendered list: nothing ticked yet.
        await expect(page.locator('.password-rules li.is-met').count()).resolves.toBe(0);

        release();
        await page.waitForSelector('html[data-hydrated]');
        await expect(page.locator(field).inputValue()).resolves.toBe('Fresh!Password9');
        const rules = page.getByRole('list', { name: 'Your password needs' });
        await expect
          .poll(() => rules.locator('li').allTextContents())
          .toEqual([
            '✓ At least 12 characters (done)',
            '✓ An uppercase letter (done)',
            '✓ A lowercase letter (done)',
            '✓ A number (done)',
            '✓ A special character, such as ! ? # or @ (done)',
          ]);
        // React rebuilt nothing: the prerendered markup hydrated as it was.
        expect(consoleErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
