/**
 * A family's first evening (issue 36), whole, in Chromium at 390 px against its own local stack (queue and
 * worker included): a parent arrives at the home page signed out, follows "Register for tryouts", signs up
 * as a parent, verifies in a second tab and is taken on to registration with the address filled in; adds a
 * girl on /tryout itself and a boy on the dashboard; sees only each child's groups; accepts the waiver;
 * cancels the checkout once, then pays both on ONE checkout; finds one confirmation naming both and a
 * calendar subscription. Then the admin moves the session and the family's mail and calendar follow.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/src/local/stack';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, checkA11y, inbox, openPage, useOwnStack } from './harness';
import { heading, linkFromMail, PASSWORD, signIn, uniqueEmail } from './players';

const SEASON = 'Fall 2026 Tryouts';
const WAIVER = 'Basketball is a contact sport. I accept the risk of injury for my child.';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startE2eStack('club-e2e-family-evening');
  useOwnStack(stack);
}, 120_000);
afterAll(async () => {
  useOwnStack(undefined);
  await stack?.stop();
});

/** Calls the API from the page, signed in as whoever the page is signed in as. */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

const SESSION = {
  kind: 'tryout',
  age_groups: ['15U Girls', '13U Boys'],
  starts_at: '2027-08-18T18:00',
  ends_at: '2027-08-18T19:30',
  location: 'Harry Ainlay gym',
  address: '4350 111 St NW, Edmonton',
};

async function addChild(page: Page, name: string, born: string, division: string, save: string) {
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Date of birth').fill(born);
  await page.getByRole('radio', { name: division }).check();
  await page.getByLabel('Contact name').fill('Dana Okafor');
  await page.getByLabel('Contact phone').fill('780-555-0142');
  await page.getByLabel('Contact email').fill('dana.contact@example.test');
  await page.getByLabel('Relationship').selectOption('parent');
  await page.getByLabel(/I am the parent or guardian of this athlete/).check();
  await page.getByRole('button', { name: save }).click();
}

/** The options a group select offers, placeholder left out. */
async function groupsOffered(page: Page, label: string): Promise<string[]> {
  const options = await page.getByLabel(label).locator('option').allTextContents();
  return options.filter((o) => !o.startsWith('Choose'));
}

describe('a family’s first evening (issue 36)', () => {
  it('goes from "Register for tryouts" to a paid, calendared registration of two children, and follows a moved session', async () => {
    // The club's season: a session for 15U Girls and 13U Boys, a waiver, registration open.
    const admin = await openPage();
    await signIn(admin.page, adminCredentials().email, adminCredentials().password);
    await admin.page.waitForURL(/\/admin$/);
    const created = await api(admin.page, 'POST', '/admin/seasons', {
      name: SEASON,
      tryout_fee_cents: 5000,
      sibling_fee_cents: 3000,
    });
    expect(created.status).toBe(201);
    const seasonId = created.body.id as string;
    const set = await api(admin.page, 'PATCH', `/admin/seasons/${seasonId}`, {
      sessions: [SESSION],
      waiver_text: WAIVER,
    });
    expect(set.status).toBe(200);
    const sessionId = (set.body.sessions as Array<{ id: string }>)[0]!.id;
    expect(
      (await api(admin.page, 'PATCH', `/admin/seasons/${seasonId}/registration`, { open: true })).status,
    ).toBe(200);

    // A parent arrives at the home page signed out and follows "Register for tryouts" in the phone menu.
    const { page, consoleErrors, close } = await openPage({ viewport: { width: 390, height: 844 } });
    const email = uniqueEmail('dana');
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Site menu' })
      .getByRole('link', { name: 'Register for tryouts' })
      .click();
    await page.getByText('Sign in or create a family account to register your child.').waitFor();
    await checkA11y(page);
    await page.getByRole('link', { name: 'Create a family account' }).click();
    await expect(page.getByRole('radio', { name: 'A parent or guardian' }).isChecked()).resolves.toBe(true);
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Phone number').fill('780-555-0142');
    await page.getByLabel('I am 18 or older.').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await heading(page, 'Registration Successful').waitFor();

    // The mail opened in a second tab (its own session storage): verifying there leads on to registration.
    const link = await linkFromMail(email, 'Verify your email address', '/verify-email#');
    const second = await page.context().newPage();
    await second.goto(link);
    await heading(second, 'Email Verified Successfully!').waitFor();
    await second.getByRole('link', { name: 'Continue to Login' }).click();
    await expect(second.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(email);
    await second.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await second.getByRole('button', { name: 'Login' }).click();
    await second.waitForURL(/\/tryout$/);

    // No child yet: /tryout asks for the first one right there, never offering the parent.
    await second.getByText('First, tell us about your child.', { exact: false }).waitFor();
    await expect(second.getByText(/^Registering /).count()).resolves.toBe(0);
    await addChild(second, 'Amara', '2013-04-02', 'Girls’ teams', 'Continue');
    await expect(second.getByLabel('Amara Okafor').isChecked()).resolves.toBe(true);
    expect(await groupsOffered(second, 'Age group for Amara')).toEqual(['15U Girls', '17U Girls']);

    // The second child, a boy, added on the dashboard; then both on /tryout, each offered only their groups.
    await second.goto('/dashboard');
    await second.getByRole('button', { name: 'Add an athlete' }).click();
    await addChild(second, 'Jayden', '2014-09-12', 'Boys’ teams', 'Save athlete');
    await second.getByText('Jayden was added.').waitFor();
    await second.goto('/tryout');
    await second.getByLabel('Amara Okafor').check();
    await second.getByLabel('Jayden Okafor').check();
    expect(await groupsOffered(second, 'Age group for Jayden')).toEqual([
      '13U Boys',
      '15U Boys',
      '16U Boys',
      '17U Boys',
      '18U Boys',
    ]);
    await expect(second.getByLabel('Age group for Amara').inputValue()).resolves.toBe('15U Girls');
    await expect(second.getByLabel('Age group for Jayden').inputValue()).resolves.toBe('13U Boys');
    await second.getByText('Total: $80.00').waitFor();
    await second.getByRole('radio', { name: 'Card (pay online now)' }).check();
    await second.getByText(WAIVER).waitFor();
    await second.getByLabel('Type your full name to accept the waiver').fill('Dana Okafor');
    await checkA11y(second);
    await second.getByRole('button', { name: 'Register for Tryouts' }).click();

    // The checkout names each child; cancelled once.
    await second.waitForURL(/\/checkout\/cs_test_/);
    await second.getByText(/^Amara Okafor, 15U Girls tryout #\d+$/).waitFor();
    await second.getByText(/^Jayden Okafor, 13U Boys tryout #\d+$/).waitFor();
    await second.getByRole('button', { name: 'Cancel' }).click();
    await heading(second, 'Payment Cancelled').waitFor();

    // Later, from the dashboard: ONE checkout for both, paid.
    await second.goto('/dashboard');
    const amaraCard = second.getByRole('region', { name: "Amara's Tryout Registration" });
    await amaraCard.getByRole('button', { name: 'Complete payment for Amara and Jayden ($80.00)' }).click();
    await second.waitForURL(/\/checkout\/cs_test_/);
    await second.getByText(/^Jayden Okafor, 13U Boys tryout #\d+$/).waitFor();
    await second.getByRole('button', { name: 'Pay $80.00' }).click();
    await second.waitForURL(/\/dashboard$/);
    await second.getByRole('heading', { name: "Jayden's Tryout Registration" }).waitFor();
    await second.getByText('Paid (Card)').first().waitFor();
    await expect(second.getByText('Paid (Card)').count()).resolves.toBe(2);

    // One receipt for the one payment, from either child's card: both children, the card, the total.
    const [download] = await Promise.all([
      second.waitForEvent('download'),
      amaraCard.getByRole('button', { name: 'Download receipt', exact: true }).click(),
    ]);
    const receipt = readFileSync((await download.path())!, 'utf8');
    expect(receipt).toMatch(
      /<tr><td>Amara Okafor<\/td><td>15U Girls<\/td><td>#\d+<\/td><td>\$50\.00<\/td><\/tr>/,
    );
    expect(receipt).toMatch(
      /<tr><td>Jayden Okafor<\/td><td>13U Boys<\/td><td>#\d+<\/td><td>\$30\.00<\/td><\/tr>/,
    );
    expect(receipt).toContain('<dt>Total paid</dt><dd>$80.00 CAD</dd>');
    expect(receipt).toContain('<dd>Visa ending 4242</dd>');

    // One confirmation, to the parent, naming both; the calendar is a subscription.
    const deadline = Date.now() + 15_000;
    let confirmations = [];
    do {
      confirmations = (await inbox(email)).filter((m) => m.subject.endsWith(`registered for ${SEASON}`));
      if (confirmations.length) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (Date.now() < deadline);
    expect(confirmations.map((m) => m.subject)).toEqual([`Amara and Jayden are registered for ${SEASON}`]);
    expect(confirmations[0]!.body.text).toMatch(/^Hi Dana,/);
    expect(confirmations[0]!.body.text).toMatch(/webcal:\/\/\S+/);
    const subscribe = second.getByRole('link', { name: 'Subscribe in my calendar' });
    await expect(subscribe.getAttribute('href')).resolves.toMatch(/^webcal:\/\//);
    const feedUrl = (await second
      .getByRole('link', { name: 'Download a calendar file' })
      .getAttribute('href'))!;
    const feed = async () => (await fetch(new URL(feedUrl, second.url()))).text();
    const before = await feed();
    expect(before).toContain('SEQUENCE:0');
    expect(before).toContain('DTSTART:20270819T000000Z');
    await checkA11y(second);

    // The admin moves the session a day later: the family is mailed, its calendar moves the same events.
    const moved = await api(admin.page, 'PATCH', `/admin/seasons/${seasonId}`, {
      sessions: [{ ...SESSION, id: sessionId, starts_at: '2027-08-19T18:00', ends_at: '2027-08-19T19:30' }],
    });
    expect(moved.status).toBe(200);
    const movedMail = await (async () => {
      const until = Date.now() + 30_000;
      for (;;) {
        const found = (await inbox(email)).find((m) => m.subject.startsWith('Tryout moved'));
        if (found || Date.now() > until) return found;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    expect(movedMail?.subject).toBe(
      'Tryout moved: Amara and Jayden’s 15U Girls and 13U Boys session is now Thursday, August 19, 2027 · 6:00 p.m. – 7:30 p.m.',
    );
    const after = await feed();
    const uids = (ics: string) => [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]).sort();
    expect(uids(after)).toEqual(uids(before));
    expect(after).toContain('SEQUENCE:1');
    expect(after).toContain('DTSTART:20270820T000000Z');

    expect(consoleErrors).toEqual([]);
    await close();
    await admin.close();
  }, 180_000);
});
