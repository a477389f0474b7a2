/**
 * Interac e-Transfer (issue 46 §2), in Chromium against its own local stack: the admin turns e-Transfer on;
 * a player registers choosing it and the dashboard shows the address, the exact amount and the code; the
 * admin imports the bank's CSV holding that line (twice, and a line nobody sent for) on the e-Transfers
 * fold; the player's registration then reads paid, and the inbox has the "e-Transfer received" mail. At 390
 * and 1280 px wide.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningStack } from '../../scripts/src/local/stack';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, checkA11y, inbox, openPage, useOwnStack } from './harness';
import { api, login, signIn, verifiedPlayer } from './players';

let stack: RunningStack;
let seasonId = '';
let adminToken = '';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.ETRANSFER_SHOTS;
const ADDRESS = 'treasurer@summit.test';

beforeAll(async () => {
  stack = await startE2eStack('club-e2e-etransfer');
  useOwnStack(stack);
  adminToken = (await login(adminCredentials().email, adminCredentials().password)).token;
  const season = await api(adminToken, 'POST', '/admin/seasons', {
    name: 'Fall 2026 Tryouts',
    reference_year: 2026,
  });
  expect(season.status).toBe(201);
  seasonId = String(season.body.id);
  const settings = await api(adminToken, 'PATCH', `/admin/seasons/${seasonId}`, {
    tryout_fee_cents: 4500,
    etransfer: { enabled: true, address: ADDRESS },
  });
  expect(settings.status).toBe(200);
  expect(
    (await api(adminToken, 'PATCH', `/admin/seasons/${seasonId}/registration`, { open: true })).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  useOwnStack(undefined);
  await stack?.stop();
});

describe('paying by Interac e-Transfer', () => {
  it('registers by e-Transfer, shows what to send, and is paid once the bank’s file is imported', async () => {
    // A player registers choosing e-Transfer, on a phone.
    const player = await verifiedPlayer('Jordan', { dateOfBirth: '2008-01-15' });
    const phone = await openPage({ viewport: PHONE });
    const { page } = phone;
    await signIn(page, player.email, player.password);
    await page.waitForURL(/\/dashboard/);
    await page.goto('/tryout');
    await page.getByRole('heading', { level: 1, name: /Tryout Registration/ }).waitFor();
    await page
      .getByRole('radio', { name: 'Interac e-Transfer (we give you a code to put in the message)' })
      .check();
    await page.getByLabel('Age group', { exact: true }).selectOption('18U Boys');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tryout-form-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Register for Tryouts' }).click();
    await page.waitForURL(/\/dashboard$/);

    // The dashboard says where, how much and the code.
    const card = page.getByRole('group', { name: 'Pay by Interac e-Transfer' });
    await card.waitFor();
    const fact = async (term: string) =>
      (
        (await card
          .locator('dt', { hasText: term })
          .locator('xpath=following-sibling::dd[1]')
          .textContent()) ?? ''
      ).trim();
    expect(await fact('Send to')).toBe(ADDRESS);
    expect(await fact('Exact amount')).toBe('$45.00');
    const code = await fact('Put this code in the message');
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    await checkA11y(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-etransfer-390.png`, fullPage: true });
    // The confirmation goes through the family-mail queue: it arrives within moments.
    let confirmation: string | undefined;
    for (let i = 0; i < 40 && !confirmation; i += 1) {
      confirmation = (await inbox(player.email)).find((m) => /registered/.test(m.subject))?.body.text;
      if (!confirmation) await new Promise((r) => setTimeout(r, 500));
    }
    expect(confirmation).toContain(`put ${code} in the message`);

    // The admin imports the bank's file: the family's line, the same line again, and one nobody sent for.
    const q = (s: string) => `"${s}"`;
    const line = ['2026-09-04', 'TESTER, JORDAN', '$45.00', `Tryouts ${code}`].map(q).join(',');
    const unknown = ['2026-09-05', 'Someone Else', '$20.00', 'donation'].map(q).join(',');
    const csv = `\uFEFF"Date","Sender Name","Amount","Message"\r\n${line}\r\n${line}\r\n${unknown}\r\n`;
    const file = join(tmpdir(), `etransfers-${Date.now()}.csv`);
    writeFileSync(file, csv);
    for (const [name, viewport] of [
      ['1280', DESKTOP],
      ['390', PHONE],
    ] as const) {
      const admin = await openPage({ viewport });
      await signIn(admin.page, adminCredentials().email, adminCredentials().password);
      await admin.page.waitForURL(/\/admin/);
      await admin.page.getByText('e-Transfers', { exact: true }).click();
      await admin.page.getByLabel('Bank file (CSV)').setInputFiles(file);
      await admin.page.getByRole('button', { name: 'Import', exact: true }).click();
      const matched = admin.page.getByRole('region', {
        name: name === '1280' ? 'Matched and paid' : 'Applied before',
      });
      await matched.getByText('TESTER, JORDAN').first().waitFor();
      await admin.page.getByRole('region', { name: 'Not matched' }).getByText('Someone Else').waitFor();
      await admin.page
        .getByRole('region', { name: 'To resolve' })
        .getByText('TESTER, JORDAN')
        .first()
        .waitFor();
      if (SHOTS)
        await admin.page.screenshot({ path: `${SHOTS}/admin-etransfers-${name}.png`, fullPage: true });
      expect(admin.consoleErrors).toEqual([]);
      await admin.close();
    }

    // The family's registration reads paid, and the mail says the e-Transfer was received.
    await page.reload();
    await page.getByRole('heading', { name: 'Your Tryout Registration' }).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Download receipt', exact: true }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-paid-390.png`, fullPage: true });
    let received = 0;
    for (let i = 0; i < 40 && !received; i += 1) {
      received = (await inbox(player.email)).filter((m) =>
        m.subject.startsWith('e-Transfer received'),
      ).length;
      if (!received) await new Promise((r) => setTimeout(r, 500));
    }
    expect(received).toBe(1);
    expect(phone.consoleErrors).toEqual([]);
    await phone.close();
  }, 240_000);
});
