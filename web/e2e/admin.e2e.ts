/**
 * A whole tryout season run from /admin in Chromium against the local stack, queue and worker included: the
 * admin creates a season, opens registration and sets a team link; a player registers; the admin marks
 * attendance, selects the player and sends results; the result mail holds the team link, and the player's
 * dashboard says Selected with the TeamSnap link. Creating a season makes it the active one, which every
 * other journey relies on, so this one runs on a stack of its own.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/src/local/stack';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, checkA11y, inbox, openPage, useOwnStack } from './harness';
import { heading, signIn, verifiedPlayer, yearsAgo } from './players';

const SEASON = 'Spring 2026 Tryouts';
const TEAM_LINK = 'https://go.teamsnap.com/team/15u-girls-spring';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startE2eStack('club-e2e-admin');
  useOwnStack(stack);
}, 120_000);
afterAll(async () => {
  useOwnStack(undefined);
  await stack?.stop();
});

/** Waits for a toast (a status or alert message) saying exactly `text`. */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[role="status"], [role="alert"]').getByText(text).first().waitFor();
}

/** The row of the tryout table (or its phone card) for a registration, found by its player's name. */
function row(page: Page, name: string) {
  return page.locator('tr, li').filter({ has: page.getByRole('button', { name: new RegExp(name) }) });
}

describe('running a tryout season as admin', () => {
  it('creates a season, takes a registration, decides it and mails the result with the team link', async () => {
    const admin = await openPage();
    const { page } = admin;
    await signIn(page, adminCredentials().email, adminCredentials().password);
    await page.waitForURL(/\/admin$/);
    await heading(page, 'Admin Dashboard').waitFor();

    // A blank name is refused with the spec's message, and nothing is created.
    await page.locator('summary', { hasText: 'New season' }).click();
    await page.getByRole('button', { name: 'Create Season' }).click();
    await page.getByText('Please enter a season name.').waitFor();
    await page.getByLabel('Season name').fill(`  ${SEASON} `);
    await page.getByRole('button', { name: 'Create Season' }).click();
    await toast(page, `Season "${SEASON}" created and activated.`);
    await expect(page.getByLabel('Season', { exact: true }).inputValue()).resolves.not.toBe('');
    await page.getByText('CLOSED', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Open Registration' }).click();
    await toast(page, 'Registration opened');
    await page.getByText('OPEN', { exact: true }).waitFor();

    // Team link for 15U Girls: a plain-http link is refused, the https one saved.
    await page.locator('summary', { hasText: 'Team links' }).click();
    const link = page.getByLabel('15U Girls team link', { exact: true });
    await link.fill('http://go.teamsnap.com/team/15u-girls');
    await page.getByRole('button', { name: 'Save team links' }).click();
    await page.getByText('Enter a full https:// link', { exact: false }).first().waitFor();
    await link.fill(TEAM_LINK);
    await page.getByRole('button', { name: 'Save team links' }).click();
    await toast(page, 'Team link for 15U Girls saved');
    await checkA11y(page);

    // A 14-year-old registers for the new season, paying cash.
    const player = await verifiedPlayer('Leila', { dateOfBirth: yearsAgo(14) });
    const family = await openPage({ viewport: { width: 390, height: 844 } });
    await signIn(family.page, player.email, player.password);
    await heading(family.page, 'Welcome, Leila!').waitFor();
    await family.page.goto('/tryout');
    await family.page.getByRole('radio', { name: 'Cash (pay on tryout day)' }).check();
    await family.page.getByLabel('Age group', { exact: true }).selectOption('15U Girls');
    await family.page.getByRole('button', { name: 'Register for Tryouts' }).click();
    await family.page.waitForURL(/\/dashboard$/);
    await family.page.getByRole('heading', { name: 'Your Tryout Registration' }).waitFor();

    // Tryout day, at the door on a phone: find her by name, mark her attended and selected.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await heading(page, 'Admin Dashboard').waitFor();
    await page.getByPlaceholder('Tryout # or name').fill('leila');
    const leila = row(page, 'Leila Tester');
    await leila.getByRole('checkbox', { name: /^Attended: #1 Leila Tester$/ }).check();
    await toast(page, 'Attendance updated successfully');
    await leila.getByRole('combobox', { name: /^Result: #1 Leila Tester$/ }).selectOption('selected');
    await toast(page, 'Selection result updated successfully');
    await expect(leila.getByText('Not Sent').count()).resolves.toBeGreaterThan(0);
    await checkA11y(page);

    // Send: the confirmation counts one player, then the row turns Sent as the worker mails it.
    await page.getByRole('button', { name: 'Send Result Emails' }).click();
    await page.getByText('1 player will be emailed their result:').waitFor();
    await page.getByRole('button', { name: 'Send 1 Email' }).click();
    await toast(page, 'Emails sent successfully (Total: 1, Sent: 1, Failed: 0)');
    await leila.getByText('Sent', { exact: true }).first().waitFor();

    const mails = (await inbox(player.email)).filter((m) => m.subject.startsWith('You made the team'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`You made the team: 15U Girls, ${SEASON}`);
    expect(mails[0]!.body.text).toContain(TEAM_LINK);
    expect(mails[0]!.body.html).toContain(TEAM_LINK);

    // The family sees the result and the team link on the dashboard.
    await family.page.reload();
    await family.page.getByRole('heading', { name: 'Your Tryout Registration' }).waitFor();
    await family.page.locator('dd', { hasText: /^Selected$/ }).waitFor();
    const teamSnap = family.page.getByRole('link', { name: /Join Your Team on TeamSnap/ });
    await expect(teamSnap.getAttribute('href')).resolves.toBe(TEAM_LINK);

    expect([...admin.consoleErrors, ...family.consoleErrors]).toEqual([]);
    await admin.close();
    await family.close();
  });
  it('runs a season of its own: an $85 fee and a session, a card payment, its confirmation and a refund', async () => {
    const admin = await openPage();
    const { page } = admin;
    await signIn(page, adminCredentials().email, adminCredentials().password);
    await heading(page, 'Admin Dashboard').waitFor();

    // The season: its fee and its one 15U Girls session, set on the screen.
    await page.locator('summary', { hasText: 'New season' }).click();
    await page.getByLabel('Season name').fill('Fall 2026 Tryouts');
    await page.locator('.admin-new-season').getByLabel('Tryout fee ($)').fill('85');
    await page.getByRole('button', { name: 'Create Season' }).click();
    await toast(page, 'Season "Fall 2026 Tryouts" created and activated.');
    await page.getByRole('button', { name: 'Open Registration' }).click();
    await toast(page, 'Registration opened');
    await page.locator('summary', { hasText: 'Season settings' }).click();
    await page.getByRole('button', { name: 'Add session' }).click();
    const session = page.getByRole('group', { name: 'Session 1' });
    await session.getByLabel('Date').fill('2026-12-12');
    await session.getByLabel('Starts').fill('10:00');
    await session.getByLabel('Ends').fill('11:30');
    await session.getByLabel('Gym').fill('Harry Ainlay gym');
    await session.getByLabel('Address').fill('4350 111 St NW, Edmonton');
    await session.getByRole('checkbox', { name: '15U Girls' }).check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Season settings saved');

    // A family pays the $85.00 the server decided, on the checkout page, by card.
    const player = await verifiedPlayer('Noor', { dateOfBirth: yearsAgo(14) });
    const family = await openPage({ viewport: { width: 390, height: 844 } });
    await signIn(family.page, player.email, player.password);
    await heading(family.page, 'Welcome, Noor!').waitFor();
    await family.page.goto('/tryout');
    await family.page.getByRole('radio', { name: 'Card (pay online now)' }).check();
    await family.page.getByLabel('Age group', { exact: true }).selectOption('15U Girls');
    await family.page.getByRole('button', { name: 'Register for Tryouts' }).click();
    await family.page.waitForURL(/\/checkout\/cs_test_/);
    await family.page.getByText('$85.00').first().waitFor();
    await family.page.getByRole('button', { name: 'Pay $85.00' }).click();
    await family.page.waitForURL(/\/dashboard$/);
    await family.page.locator('dd', { hasText: /^Paid \(Card\)$/ }).waitFor();
    await family.page.locator('dd', { hasText: /^\$85\.00$/ }).waitFor();

    // The confirmation mail: the number, the session, the check-in time, what was paid, a calendar link.
    await expect
      .poll(
        async () =>
          (await inbox(player.email)).filter((m) => m.subject.startsWith("You're registered")).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    const [confirmation] = (await inbox(player.email)).filter((m) =>
      m.subject.startsWith("You're registered"),
    );
    expect(confirmation!.subject).toBe("You're registered: Fall 2026 Tryouts, 15U Girls, #1");
    const text = confirmation!.body.text ?? '';
    expect(text).toContain(
      'Saturday, December 12, 2026 · 10:00 a.m. – 11:30 a.m.: Harry Ainlay gym, 4350 111 St NW, Edmonton',
    );
    expect(text).toContain('Please check in 20 minutes before your session starts.');
    expect(text).toMatch(/You paid \$85\.00 by card on /);
    expect(text).toMatch(
      /Add the tryouts to my calendar: https?:\/\/\S+\/api\/tryouts\/calendar\.ics\?key=[\w-]+\.[\w-]+\.[\w-]+\n/,
    );
    const calendarLink = /https?:\/\/\S+\/api\/tryouts\/calendar\.ics\?key=\S+/.exec(text)![0];
    const calendar = await fetch(calendarLink);
    expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await calendar.text()).toContain('LOCATION:Harry Ainlay gym\\, 4350 111 St NW\\, Edmonton');

    // The admin gives $35.00 back from Player Details.
    await page.reload();
    await heading(page, 'Admin Dashboard').waitFor();
    await page.getByRole('button', { name: 'Noor Tester (details)' }).click();
    const money = page.getByRole('region', { name: 'Payment and refunds' });
    await money.getByLabel('Amount to refund ($)').fill('35');
    await money.getByLabel('Reason').fill('Injured before tryouts');
    await money.getByRole('button', { name: 'Refund…' }).click();
    await money.getByText("Refund $35.00 to Noor Tester's card?").waitFor();
    await checkA11y(page);
    await money.getByRole('button', { name: 'Yes, refund $35.00' }).click();
    await toast(page, 'Refunded $35.00');
    await money.getByText('$35.00 · ', { exact: false }).waitFor();

    // The family sees it.
    await family.page.reload();
    await family.page.locator('dd', { hasText: /^Partly refunded \(Card\)$/ }).waitFor();
    await family.page.getByText('The club refunded $35.00.', { exact: false }).waitFor();
    // The receipt: $85.00 CAD paid by card, the refund and what was paid net.
    const [download] = await Promise.all([
      family.page.waitForEvent('download'),
      family.page.getByRole('button', { name: 'Download receipt', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('summit-tryout-receipt.html');
    const receipt = readFileSync((await download.path())!, 'utf8');
    expect(receipt).toContain('<dd>$85.00 CAD</dd>');
    expect(receipt).toContain('Injured before tryouts');
    expect(receipt).toContain('Net paid: $50.00 CAD');
    // The same receipt as a PDF, its bytes whole through the API (issue 36).
    const [pdf] = await Promise.all([
      family.page.waitForEvent('download'),
      family.page.getByRole('button', { name: 'Download receipt (PDF)' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('summit-tryout-receipt.pdf');
    const bytes = readFileSync((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    await checkA11y(family.page);

    expect([...admin.consoleErrors, ...family.consoleErrors]).toEqual([]);
    await admin.close();
    await family.close();
  });
});
