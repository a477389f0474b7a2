/**
 * The treasurer's Money fold and a family's payments statement (issue 46 §3), in Chromium against their own
 * local stack: a card payment made on the Stripe stand-in and partly refunded, cash collected and cash still
 * owed; the admin reads the table by fee and method and downloads the CSV (read by a CSV parser, as a
 * spreadsheet reads it), at 1280 and 390 px; the card family opens its statement from the dashboard and sees
 * its payment, its refund and the net. MONEY_SHOTS=<dir> keeps screenshots.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/src/local/stack';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, checkA11y, openPage, useOwnStack } from './harness';
import { api, login, signIn, verifiedPlayer } from './players';

let stack: RunningStack;
let seasonId = '';
let adminToken = '';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.MONEY_SHOTS;

/** A player (18U Boys of a season counted from 2026) registered for the open season, by card or cash: the account and its registration. */
async function registered(name: string, payment_method: 'stripe' | 'cash', dateOfBirth: string) {
  const account = await verifiedPlayer(name, { dateOfBirth });
  const session = await login(account.email, account.password);
  const res = await api(session.token, 'POST', '/tryouts/register', {
    payment_method,
    age_group: '18U Boys',
  });
  expect(res.status).toBe(201);
  return {
    ...account,
    ...session,
    tryoutId: `${seasonId}.${session.userId}`,
    url: res.body.url as string | undefined,
  };
}

/** Waits for the registration to read as `status` (the stand-in's webhook reaches the stack on its own). */
async function until(token: string, status: string) {
  for (let i = 0; i < 60; i += 1) {
    const mine = await api(token, 'GET', '/tryouts/my');
    if (mine.body?.payment_status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the registration never read ${status}`);
}

beforeAll(async () => {
  stack = await startE2eStack('club-e2e-money');
  useOwnStack(stack);
  adminToken = (await login(adminCredentials().email, adminCredentials().password)).token;
  const season = await api(adminToken, 'POST', '/admin/seasons', {
    name: 'Fall 2026 Tryouts',
    reference_year: 2026,
    tryout_fee_cents: 4_500,
  });
  expect(season.status).toBe(201);
  seasonId = String(season.body.id);
  expect(
    (await api(adminToken, 'PATCH', `/admin/seasons/${seasonId}/registration`, { open: true })).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  useOwnStack(undefined);
  await stack?.stop();
});

describe('the money view and the statement', () => {
  it('shows the season by fee and method with its CSV, and a family its own year', async () => {
    // Prepare: Jordan pays $45.00 by card on the stand-in and gets $15.00 back; Casey's cash is collected;
    // Riley's is still owed.
    const jordan = await registered('Jordan', 'stripe', '2008-01-15');
    const checkout = new URL(jordan.url!);
    const paid = await fetch(`${checkout.origin}${checkout.pathname}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await until(jordan.token, 'paid');
    const refund = await api(adminToken, 'POST', `/admin/tryouts/${jordan.tryoutId}/refund`, {
      amount_cents: 1_500,
      reason: 'Missed one session',
      idempotency_key: crypto.randomUUID(),
    });
    expect(refund.status).toBe(200);
    const casey = await registered('Casey', 'cash', '2008-03-02');
    expect(
      (await api(adminToken, 'PATCH', `/admin/tryouts/${casey.tryoutId}/cash`, { collected: true })).status,
    ).toBe(200);
    await registered('Riley', 'cash', '2008-02-20');

    // Act: the admin opens Money on a desktop.
    const desk = await openPage({ viewport: DESKTOP });
    const { page } = desk;
    await signIn(page, adminCredentials().email, adminCredentials().password);
    await page.waitForURL(/\/admin/);
    await page.locator('summary', { hasText: /^Money$/ }).click();
    const table = page.locator('table.money-table');
    await table.waitFor();

    // Assess: card and cash lines and the totals, in dollars.
    const lines = await table.locator('tbody tr').allInnerTexts();
    expect(lines.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      // Stripe kept 2.9% + 30¢ of the card payment: $1.61.
      'Tryout fee Card 1 $45.00 $45.00 $0.00 $15.00 $0.00 $1.61',
      'Tryout fee Cash 2 $90.00 $45.00 $45.00 $0.00 $0.00 —',
      'Total 3 $135.00 $90.00 $45.00 $15.00 $0.00 $1.61',
    ]);
    await page.getByText('Kept after refunds: $75.00').waitFor();
    await checkA11y(page);
    if (SHOTS) {
      await page.locator('details.admin-money').scrollIntoViewIfNeeded();
      await page.locator('details.admin-money').screenshot({ path: `${SHOTS}/money-1280.png` });
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('details.admin-money').getByRole('button', { name: 'Download money CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('fall-2026-tryouts-money.csv');
    const rows = parse(await readFile((await download.path())!, 'utf8'), {
      bom: true,
      columns: true,
    }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.Family, r.Child, r.Method, r.Kind, r.Amount]).sort()).toEqual(
      [
        ['Jordan Tester', 'Jordan Tester', 'Card', 'Payment', '45'],
        ['Jordan Tester', 'Jordan Tester', 'Card', 'Refund', '-15'],
        ['Casey Tester', 'Casey Tester', 'Cash', 'Payment', '45'],
      ].sort(),
    );
    expect(desk.consoleErrors).toEqual([]);
    await desk.close();

    // The same on a phone: each line a card.
    const phone = await openPage({ viewport: PHONE });
    await signIn(phone.page, adminCredentials().email, adminCredentials().password);
    await phone.page.waitForURL(/\/admin/);
    await phone.page.locator('summary', { hasText: /^Money$/ }).click();
    await phone.page.locator('table.money-table').waitFor();
    await phone.page.getByText('Kept after refunds: $75.00').waitFor();
    await checkA11y(phone.page);
    if (SHOTS) {
      await phone.page.locator('details.admin-money').scrollIntoViewIfNeeded();
      await phone.page.locator('details.admin-money').screenshot({ path: `${SHOTS}/money-390.png` });
    }
    expect(phone.consoleErrors).toEqual([]);
    await phone.close();

    // Jordan's statement, from the dashboard, on a phone and on a desktop.
    for (const viewport of [PHONE, DESKTOP]) {
      const family = await openPage({ viewport });
      await signIn(family.page, jordan.email, jordan.password);
      await family.page.waitForURL(/\/dashboard/);
      await family.page.getByRole('link', { name: 'Payments statement' }).click();
      await family.page.getByRole('heading', { level: 1, name: /^Payments statement \d{4}$/ }).waitFor();
      const statement = family.page.locator('table.pay-statement-table');
      await statement.waitFor();
      expect(await statement.locator('tbody tr').count()).toBe(2);
      await statement.getByText('Jordan Tester · Tryout fee, Fall 2026 Tryouts · Card · Refund').waitFor();
      const net = statement.locator('tfoot tr', { hasText: 'Net' });
      expect((await net.innerText()).replace(/\s+/g, ' ').trim()).toBe('Net $30.00');
      await checkA11y(family.page);
      if (SHOTS)
        await family.page.screenshot({ path: `${SHOTS}/statement-${viewport.width}.png`, fullPage: true });
      expect(family.consoleErrors).toEqual([]);
      await family.close();
    }
  }, 240_000);
});
