/**
 * /evaluate reopened offline (issue 42), in Chromium at 390 px against its own local stack: an evaluator
 * scores two players online (sent) and one offline (on the phone), closes the tab and opens the app again
 * with no network. The sent players read "Sent" with their values, the other "Saved on this phone", and the
 * count says players; a group never opened online says so and keeps the count; the network back, the app
 * loads that group and sends by itself.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInClubZone } from '@club/shared';
import { writeSampleRegistrations } from '../../scripts/src/local/sample-registrations';
import type { RunningStack } from '../../scripts/src/local/stack';
import { scoresOfGroup } from '../../functions/src/db/tryout-night/scores';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, inbox, openPage, useOwnStack } from './harness';
import { signIn, verifiedPlayer } from './players';

let stack: RunningStack;
let seasonId = '';
let adminToken = '';

const PHONE = { width: 390, height: 844 };

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.siteUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: stack.siteUrl, authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

beforeAll(async () => {
  stack = await startE2eStack('club-e2e-evaluate-offline');
  useOwnStack(stack);
  const login = await fetch(`${stack.siteUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.siteUrl },
    body: JSON.stringify(adminCredentials()),
  });
  adminToken = ((await login.json()) as { token: string }).token;
  const season = await api(adminToken, 'POST', '/admin/seasons', { name: 'Winter 2027 Tryouts' });
  seasonId = String(season.body.id);
  const today = todayInClubZone();
  const settings = await api(adminToken, 'PATCH', `/admin/seasons/${seasonId}`, {
    sessions: [
      {
        kind: 'tryout',
        age_groups: ['15U Boys', '13U Boys'],
        starts_at: `${today}T18:00`,
        ends_at: `${today}T20:00`,
        location: 'Harry Ainlay gym',
        address: '4350 111 St NW, Edmonton',
      },
    ],
  });
  expect(settings.status).toBe(200);
  expect(
    (await api(adminToken, 'PATCH', `/admin/seasons/${seasonId}/registration`, { open: true })).status,
  ).toBe(200);
  const criteria = await api(adminToken, 'PUT', `/admin/seasons/${seasonId}/criteria`, {
    criteria: [
      { key: 'shooting', label: 'Shooting' },
      { key: 'defence', label: 'Defence' },
    ],
    scale_max: 5,
  });
  expect(criteria.status).toBe(200);
}, 120_000);

afterAll(async () => {
  useOwnStack(undefined);
  await stack?.stop();
});

/** An evaluator of the groups, signed in on `page`, who accepted the mailed invitation. */
async function evaluator(page: Page, ageGroups: string[]) {
  const account = await verifiedPlayer('Eve');
  const invited = await api(adminToken, 'POST', `/admin/seasons/${seasonId}/helpers`, {
    email: account.email,
    role: 'evaluator',
    age_groups: ageGroups,
  });
  expect(invited.status).toBe(201);
  let link: string | undefined;
  for (let i = 0; i < 60 && !link; i++) {
    const mails = await inbox(account.email);
    link = mails
      .flatMap((m) => m.body.text?.match(/https?:\/\/\S+/g) ?? [])
      .find((url) => url.includes('/helpers/accept#'));
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(link).toBeDefined();
  await signIn(page, account.email, account.password);
  await page.waitForURL(/\/dashboard/);
  await page.goto(new URL(link!).pathname + new URL(link!).hash);
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByText('You are in.').waitFor();
}

/** The gym's Wi-Fi drops or comes back (the API is cut off for the service worker's requests too). */
async function offline(context: BrowserContext, off: boolean) {
  if (off) {
    await context.setOffline(true);
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  } else {
    await context.unroute('**/api/**');
    await context.setOffline(false);
  }
}

const numberButton = (page: Page, group: string, n: number) =>
  page.getByRole('list', { name: `${group} players` }).getByRole('button', { name: new RegExp(`^${n}\\b`) });

async function score(page: Page, group: string, n: number, shooting: number, defence: number) {
  await numberButton(page, group, n).click();
  await page.getByRole('button', { name: `Shooting ${shooting}` }).click();
  await page.getByRole('button', { name: `Defence ${defence}` }).click();
}

const pickGroup = (page: Page, group: string) =>
  page.getByLabel('Group').selectOption({ label: `${group} · Winter 2027 Tryouts` });

describe('/evaluate reopened offline (issue 42)', () => {
  it('shows what was sent as scored, with its values; counts players; says a group never opened online; recovers by itself', async () => {
    // Prepare: three 15U Boys and two 13U Boys; the evaluator opens 15U Boys online, with the worker ready.
    const boys15 = await writeSampleRegistrations(seasonId, 3, { age_group: '15U Boys', firstNumber: 201 });
    const boys13 = await writeSampleRegistrations(seasonId, 2, { age_group: '13U Boys', firstNumber: 301 });
    const opened = await openPage({ viewport: PHONE });
    const context = opened.page.context();
    let page = opened.page;
    await evaluator(page, ['15U Boys', '13U Boys']);
    await page.goto('/evaluate');
    await pickGroup(page, '15U Boys');
    await page.getByRole('list', { name: '15U Boys players' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await pickGroup(page, '15U Boys');
    await page.getByRole('list', { name: '15U Boys players' }).waitFor();

    // Two players scored and sent; the Wi-Fi drops; a third scored on the phone; the tab is closed.
    const [first, second, third] = boys15.map((p) => p.tryoutNumber) as [number, number, number];
    await score(page, '15U Boys', first, 4, 3);
    await score(page, '15U Boys', second, 2, 5);
    await page.getByText('Nothing waiting to send', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await scoresOfGroup(seasonId, '15U Boys')).toHaveLength(4);
    await offline(context, true);
    await score(page, '15U Boys', third, 5, 5);
    await page.getByText('Scores of 1 player waiting to send', { exact: true }).waitFor();
    await page.close();

    // Act: the app opens again with no network.
    page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto('/evaluate');
    await pickGroup(page, '15U Boys');
    await page.getByRole('list', { name: '15U Boys players' }).waitFor();

    // Assess: the sent players read "Sent", with their values; the other "Saved on this phone"; one player waits.
    await page.getByText('Scores of 1 player waiting to send', { exact: true }).waitFor();
    await expect.poll(() => numberButton(page, '15U Boys', first).innerText()).toMatch(/Sent$/);
    expect(await numberButton(page, '15U Boys', second).innerText()).toMatch(/Sent$/);
    expect(await numberButton(page, '15U Boys', third).innerText()).toMatch(/Saved on this phone$/);
    await numberButton(page, '15U Boys', second).click();
    expect(await page.getByRole('button', { name: 'Shooting 2' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Defence 5' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Shooting 4' }).getAttribute('aria-pressed')).toBe('false');
    await page.screenshot({ path: join(tmpdir(), 'club-evaluate-reopened-offline.png'), fullPage: true });

    // A group never opened with a network says so, and still says what waits.
    await pickGroup(page, '13U Boys');
    await page
      .getByText('13U Boys has not been opened on this phone with a connection yet', { exact: false })
      .waitFor();
    await page.getByText('Scores of 1 player waiting to send', { exact: true }).waitFor();

    // The network is back: the group loads and the waiting scores go, without a tap.
    await offline(context, false);
    await page.getByRole('list', { name: '13U Boys players' }).waitFor({ timeout: 30_000 });
    await page.getByText('Nothing waiting to send', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('list', { name: '13U Boys players' }).getByRole('button').count()).toBe(
      boys13.length,
    );
    const stored = await scoresOfGroup(seasonId, '15U Boys');
    expect(stored.map((s) => [s.criterion, s.value]).sort()).toEqual(
      [
        ['shooting', 4],
        ['defence', 3],
        ['shooting', 2],
        ['defence', 5],
        ['shooting', 5],
        ['defence', 5],
      ].sort(),
    );
    await opened.close();
  }, 240_000);

  it('shows the admin’s rankings with the Result column inside a 1280 px window, and readable at 390 px', async () => {
    // Prepare: the first journey's scores of 15U Boys are on the server.
    const opened = await openPage({ viewport: { width: 1280, height: 900 } });
    const page = opened.page;
    await signIn(page, adminCredentials().email, adminCredentials().password);
    await page.waitForURL(/\/(admin|dashboard)/);
    await page.goto('/admin');

    // Act
    await page.getByText('Tryout night: helpers, scoring and rankings').click();
    await page.locator('.admin-rankings select').first().selectOption('15U Boys');
    const table = page.getByRole('table', { name: '15U Boys players ranked by their scores' });
    await table.waitFor();
    await table.getByRole('row').nth(3).waitFor();

    // Assess: the Result column is in the window, each row reads "Pending" and the overall on the 1–5 scale.
    const result = await table.getByRole('columnheader', { name: 'Result' }).boundingBox();
    expect(result).not.toBeNull();
    expect(result!.x + result!.width).toBeLessThanOrEqual(1280);
    expect(await table.getByRole('columnheader', { name: 'Overall (1–5)' }).count()).toBe(1);
    expect(await table.getByRole('cell', { name: 'Pending' }).count()).toBe(3);
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'club-rankings-1280.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(tmpdir(), 'club-rankings-390.png'), fullPage: true });
    await opened.close();
  }, 120_000);
});
