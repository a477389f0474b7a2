/**
 * A family in Chromium against the whole local stack (issue 17): a parent adds two children on the dashboard,
 * invites the other parent by mail, registers both children in one request with the sibling fee; the other
 * parent opens the invitation signed out, signs in, accepts it from the dashboard and sees both children's
 * cards.
 */
import { describe, expect, it } from 'vitest';
import { checkA11y, openPage } from './harness';
import { heading, linkFromMail, signIn, verifiedPlayer, yearsAgo } from './players';

describe('a family account', () => {
  it('adds two children, invites the other parent, registers both, and the other parent sees both', async () => {
    const parent = await verifiedPlayer('Jordan');
    const other = await verifiedPlayer('Sam');
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, parent.email, parent.password);
    await heading(page, 'Welcome, Jordan!').waitFor();

    // Two children, added on the dashboard.
    for (const [name, age] of [
      ['Mina', 14],
      ['Leo', 12],
    ] as const) {
      await page.getByRole('button', { name: 'Add an athlete' }).click();
      await page.getByLabel('First name').fill(name);
      await page.getByLabel('Last name').fill('Tester');
      await page.getByLabel('Date of birth').fill(yearsAgo(age));
      await page.getByLabel('Contact name').fill('Jordan Tester');
      await page.getByLabel('Contact phone').fill('780-555-0101');
      await page.getByLabel('Contact email').fill(parent.email);
      await page.getByLabel('Relationship').selectOption('parent');
      await page.getByLabel(/I am the parent or guardian of this athlete/).check();
      await page.getByRole('button', { name: 'Save athlete' }).click();
      await page.getByText(`${name} was added.`).waitFor();
    }
    await checkA11y(page);

    // The other parent is invited.
    await page.getByLabel('Their e-mail').fill(other.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${other.email}.`).waitFor();

    // Both children, one request, cash: the second at the sibling fee (the seeded season's, the fee itself).
    await page.goto('/tryout');
    await page.getByText('Who is trying out?').waitFor();
    await page.getByLabel('Mina Tester').check();
    await page.getByLabel('Age group for Mina').selectOption('15U Girls');
    await page.getByLabel('Leo Tester').check();
    await page.getByLabel('Age group for Leo').selectOption('13U Boys');
    await checkA11y(page);
    await page.getByRole('button', { name: 'Register for Tryouts' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(/^Registered! Please bring \$\d+\.\d\d in cash on tryout day\.$/).waitFor();
    await page.getByRole('heading', { name: "Mina's Tryout Registration" }).waitFor();
    await page.getByRole('heading', { name: "Leo's Tryout Registration" }).waitFor();

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
    await second.page.getByRole('heading', { name: "Leo's Tryout Registration" }).waitFor();
    await checkA11y(second.page);

    expect([...consoleErrors, ...second.consoleErrors]).toEqual([]);
    await second.close();
    await close();
  });
});
