/**
 * A family in Chromium against the whole local stack (issue 17): a parent signs up as a parent, adds two
 * children on the dashboard, invites the other parent by mail, registers both children in one request and pays
 * for both on one card checkout (one line each); the other parent opens the invitation signed out, signs in,
 * accepts it from the dashboard and sees both children's cards, paid.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, openPage } from './harness';
import { heading, linkFromMail, PASSWORD, signIn, uniqueEmail, verifiedPlayer, yearsAgo } from './players';

/** Adds a child on the dashboard's family section. */
async function addChild(
  page: Page,
  name: string,
  age: number,
  contactEmail: string,
  division: 'Boys’ teams' | 'Girls’ teams',
): Promise<void> {
  await page.getByRole('button', { name: 'Add an athlete' }).click();
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Date of birth').fill(yearsAgo(age));
  await page.getByRole('radio', { name: division }).check();
  await page.getByLabel('Contact name').fill('Jordan Tester');
  await page.getByLabel('Contact phone').fill('780-555-0101');
  await page.getByLabel('Contact email').fill(contactEmail);
  await page.getByLabel('Relationship').selectOption('parent');
  await page.getByLabel(/I am the parent or guardian of this athlete/).check();
  await page.getByRole('button', { name: 'Save athlete' }).click();
  await page.getByText(`${name} was added.`).waitFor();
}

/** The value a registration card gives for a term, in the card titled `title`. */
async function cardValue(page: Page, title: string, term: string): Promise<string> {
  const card = page.getByRole('region', { name: title });
  const dt = card.locator('dt', { hasText: new RegExp(`^${term}$`) });
  return ((await dt.locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
}

describe('a family account', () => {
  it('signs up, adds two children, invites the other parent, pays for both at once, and the other parent sees both', async () => {
    const other = await verifiedPlayer('Sam');
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    const email = uniqueEmail('jordan');

    // Sign up as a parent: no birth date or emergency contact of their own.
    await page.goto('/register');
    // Typing before the page hydrates is account-prerender.e2e.ts's subject; this journey starts once it has.
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('radio', { name: 'A parent or guardian' }).check();
    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Phone number').fill('780-555-0107');
    await page.getByLabel('Date of birth').waitFor({ state: 'detached' });
    await page.getByLabel('I am 18 or older.').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await heading(page, 'Registration Successful').waitFor();
    await page.goto(await linkFromMail(email, 'Verify your email address', '/verify-email#'));
    await heading(page, 'Email Verified Successfully!').waitFor();
    await signIn(page, email, PASSWORD);
    await heading(page, 'Welcome, Jordan!').waitFor();

    // Two children, added on the dashboard.
    await addChild(page, 'Mina', 14, email, 'Girls’ teams');
    await addChild(page, 'Leo', 12, email, 'Boys’ teams');
    await checkA11y(page);

    // The other parent is invited.
    await page.getByLabel('Their e-mail').fill(other.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${other.email}.`).waitFor();

    // Both children, one request, card: the form's total is what the checkout charges, one line each.
    await page.goto('/tryout');
    await page.getByText('Who is trying out?').waitFor();
    await page.getByLabel('Mina Tester').check();
    await page.getByLabel('Age group for Mina').selectOption('15U Girls');
    await page.getByLabel('Leo Tester').check();
    await page.getByLabel('Age group for Leo').selectOption('13U Boys');
    await page.getByRole('radio', { name: 'Card (pay online now)' }).check();
    const total = ((await page.getByText(/^Total: \$/).textContent()) ?? '').replace('Total: ', '');
    expect(total).toMatch(/^\$\d+\.\d\d$/);
    await checkA11y(page);
    await page.getByRole('button', { name: 'Register for Tryouts' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByText(/^Mina Tester, 15U Girls tryout #\d+$/).waitFor();
    await page.getByText(/^Leo Tester, 13U Boys tryout #\d+$/).waitFor();
    await page.getByRole('button', { name: `Pay ${total}` }).click();

    // Back on the dashboard: one payment, both children paid; the parent is not asked to register themself.
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: "Mina's Tryout Registration" }).waitFor();
    expect(await cardValue(page, "Mina's Tryout Registration", 'Payment')).toBe('Paid (Card)');
    expect(await cardValue(page, "Leo's Tryout Registration", 'Payment')).toBe('Paid (Card)');
    await expect(page.getByRole('button', { name: 'Complete payment' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Download receipt', exact: true }).count()).resolves.toBe(
      2,
    );
    await expect(page.getByText('Ready to Join?').count()).resolves.toBe(0);
    await checkA11y(page);

    // The other parent opens the invitation signed out, signs in, and accepts it on the dashboard.
    const link = await linkFromMail(
      other.email,
      'Jordan Tester invited you to their family account at Summit Basketball',
      '/household/join#',
    );
    const second = await openPage({ viewport: { width: 390, height: 844 } });
    await second.page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await heading(second.page, 'Join a family account').waitFor();
    await second.page.getByRole('link', { name: 'Sign in' }).click();
    await second.page.getByLabel('Email', { exact: true }).fill(other.email);
    await second.page.getByLabel('Password', { exact: true }).fill(other.password);
    await second.page.getByRole('button', { name: 'Login', exact: true }).click();
    await heading(second.page, 'Welcome, Sam!').waitFor();
    await second.page.getByRole('button', { name: 'Accept invitation' }).click();
    await second.page.getByText('You joined the family account.').waitFor();
    await second.page.reload();
    await second.page.getByRole('heading', { name: "Mina's Tryout Registration" }).waitFor();
    expect(await cardValue(second.page, "Mina's Tryout Registration", 'Payment')).toBe('Paid (Card)');
    expect(await cardValue(second.page, "Leo's Tryout Registration", 'Payment')).toBe('Paid (Card)');
    await checkA11y(second.page);

    expect([...consoleErrors, ...second.consoleErrors]).toEqual([]);
    await second.close();
    await close();
  });
});
