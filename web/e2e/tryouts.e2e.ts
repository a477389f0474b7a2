/**
 * Tryout registration journeys in Chromium against the whole local stack, card payments through the local
 * Stripe stand-in's checkout page and its signed webhook: cash; card paid at once; card cancelled, then
 * completed later from the dashboard; card abandoned, then switched to cash; a payment that settles later.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, openPage } from './harness';
import { heading, signIn, verifiedPlayer, yearsAgo } from './players';

/** A 14-year-old: born in 2012 for the seeded 2025 season, so every age group from 13U up fits. */
const FOURTEEN = () => yearsAgo(14);

/** The registration card's value for a term ("Tryout Number" → "3"). */
async function cardValue(page: Page, term: string): Promise<string> {
  const dt = page.locator('dt', { hasText: new RegExp(`^${term}$`) });
  return ((await dt.locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
}

/** Fills the tryout form and submits it. */
async function register(page: Page, payment: 'cash' | 'card', ageGroup: string): Promise<void> {
  await page.goto('/tryout');
  await page.getByRole('heading', { level: 1, name: /Tryout Registration/ }).waitFor();
  await page
    .getByRole('radio', { name: payment === 'cash' ? 'Cash (pay on tryout day)' : 'Card (pay online now)' })
    .check();
  await page.getByLabel('Age group', { exact: true }).selectOption(ageGroup);
  await page.getByRole('button', { name: 'Register for Tryouts' }).click();
}

/** On the stand-in's checkout page: the amount is the season's fee, decided by the server. */
async function onCheckout(page: Page): Promise<void> {
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.getByText('$50.00').first().waitFor();
}

describe('tryout registration', () => {
  it('a player registers with cash and sees the tryout number on the dashboard', async () => {
    const player = await verifiedPlayer('Amara', { dateOfBirth: FOURTEEN() });
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, player.email, player.password);
    await heading(page, 'Welcome, Amara!').waitFor();

    await page.goto('/tryout');
    await page.getByRole('heading', { level: 1, name: /Tryout Registration/ }).waitFor();
    await checkA11y(page);
    // Submitting with no choice says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Register for Tryouts' }).click();
    await page.getByText('Please select both payment method and age group.').waitFor();

    await register(page, 'cash', '15U Girls');

    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Registered! Please bring cash on tryout day.').waitFor();
    await page.getByRole('heading', { name: 'Your Tryout Registration' }).waitFor();
    expect(await cardValue(page, 'Season')).toBe('Fall 2025 Tryouts');
    expect(await cardValue(page, 'Tryout Number')).toMatch(/^\d+$/);
    expect(await cardValue(page, 'Status')).toBe('Awaiting tryout decision');
    expect(await cardValue(page, 'Payment')).toBe('Cash');
    await checkA11y(page);

    // /tryout now says so instead of offering the form again.
    await page.goto('/tryout');
    await heading(page, 'You Are Already Registered').waitFor();
    await checkA11y(page);

    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('a player pays by card on the checkout page, returns, sees the payment finalized, then Paid', async () => {
    const player = await verifiedPlayer('Bilal', { dateOfBirth: FOURTEEN() });
    const { page, consoleErrors, close } = await openPage();
    await signIn(page, player.email, player.password);
    await heading(page, 'Welcome, Bilal!').waitFor();
    // Hold the confirmation a moment, as a slow phone network would, so the banner can be seen.
    await page.route('**/api/payments/confirm?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });

    await register(page, 'card', '15U Boys');
    await onCheckout(page);
    await page.getByRole('button', { name: 'Pay $50.00' }).click();

    await page.waitForURL(/\/dashboard\?session_id=cs_test_/);
    await page.getByRole('status').filter({ hasText: 'Finalizing your payment…' }).waitFor();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Your Tryout Registration' }).waitFor();
    expect(await cardValue(page, 'Payment')).toBe('Paid (Card)');
    await expect(page.getByRole('button', { name: 'Complete payment' }).count()).resolves.toBe(0);
    await checkA11y(page);

    await page.goto('/payment/success');
    await heading(page, 'Payment Successful!').waitFor();
    await checkA11y(page);

    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('a player cancels checkout, is told nothing was charged, and later completes payment from the dashboard', async () => {
    const player = await verifiedPlayer('Chen', { dateOfBirth: FOURTEEN() });
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, player.email, player.password);
    await heading(page, 'Welcome, Chen!').waitFor();

    await register(page, 'card', '17U Boys');
    await onCheckout(page);
    const left = page.url();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL(/\/payment\/cancelled$/);
    await page.getByText('You were not charged. You can try again at any time.').waitFor();
    await checkA11y(page);
    // "Try again" goes back to the checkout just left, still payable (issue 18).
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(left);
    await onCheckout(page);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Your Tryout Registration' }).waitFor();
    expect(await cardValue(page, 'Payment')).toBe('Pending (Card)');
    const number = await cardValue(page, 'Tryout Number');
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await onCheckout(page);
    await page.getByRole('button', { name: 'Pay $50.00' }).click();

    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Your Tryout Registration' }).waitFor();
    await page.locator('dd', { hasText: 'Paid (Card)' }).waitFor();
    // Paying later keeps the registration: the same tryout number.
    expect(await cardValue(page, 'Tryout Number')).toBe(number);

    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('a player abandons a card checkout and switches to cash from the dashboard, keeping the number', async () => {
    const player = await verifiedPlayer('Amara', { dateOfBirth: FOURTEEN() });
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, player.email, player.password);
    await heading(page, 'Welcome, Amara!').waitFor();

    await register(page, 'card', '15U Boys');
    await onCheckout(page);
    const checkoutUrl = page.url();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/payment\/cancelled$/);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Your Tryout Registration' }).waitFor();
    const number = await cardValue(page, 'Tryout Number');
    await page.getByRole('button', { name: 'Pay cash at tryouts instead' }).click();

    await page.getByText('Your registration is now cash. Please bring cash on tryout day.').waitFor();
    expect(await cardValue(page, 'Payment')).toBe('Cash');
    expect(await cardValue(page, 'Tryout Number')).toBe(number);
    expect(await page.getByRole('button', { name: 'Complete payment' }).count()).toBe(0);
    await checkA11y(page);
    // The abandoned checkout was closed first: its page can no longer take the money.
    await page.goto(checkoutUrl);
    await page.getByRole('heading', { name: 'This checkout has expired' }).waitFor();

    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('a player pays by a method that settles later: the dashboard says it is being confirmed, then Paid', async () => {
    const player = await verifiedPlayer('Tomas', { dateOfBirth: FOURTEEN() });
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, player.email, player.password);
    await heading(page, 'Welcome, Tomas!').waitFor();

    await register(page, 'card', '15U Boys');
    await onCheckout(page);
    const checkoutUrl = page.url();
    await page.getByRole('button', { name: 'Pay, settles later' }).click();

    await page.waitForURL(/\/dashboard$/);
    await page
      .getByText(
        'Your card payment is being confirmed. It will show as paid once it clears; there is nothing more to do.',
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Complete payment' }).count()).toBe(0);

    await page.goto(checkoutUrl);
    await page.getByRole('button', { name: 'Payment clears' }).click();
    await page.getByRole('heading', { name: 'Payment complete' }).waitFor();
    await page.goto('/dashboard');
    await page.locator('dd', { hasText: 'Paid (Card)' }).waitFor();

    expect(consoleErrors).toEqual([]);
    await close();
  });
});
