/**
 * Tryout night (issue 37), in Chromium at 390 px against its own local stack:
 * (a) an evaluator goes offline mid-session, scores 20 players, closes the tab, opens the app again with no
 *     network, scores 5 more, and the network comes back: exactly 25 × 2 criteria scores reach the server,
 *     none doubled;
 * (b) a check-in helper scans a family's QR code through the phone's camera (a fake camera playing a video of
 *     the code) and the player's dashboard says they are checked in;
 * (c) a walk-up family is registered and checked in with cash at the door, and the parent claims the
 *     account from the mail and finds the child there;
 * (f) issue 42: a helper signs out offline and the door, opened again, shows only whose taps wait;
 * (g) issue 42: the door's cash taken follows every tap (and an undo) without a reload.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInClubZone } from '@club/shared';
import { writeSampleRegistrations } from '../../scripts/src/local/sample-registrations';
import type { RunningStack } from '../../scripts/src/local/stack';
import { scoresOfGroup } from '../../functions/src/db/tryout-night/scores';
import { startE2eStack } from './e2e-stack';
import { adminCredentials, inbox, openPage, useOwnStack } from './harness';
import { linkFromMail, PASSWORD, signIn, verifiedPlayer } from './players';

let stack: RunningStack;
let seasonId = '';
let adminToken = '';

const PHONE = { width: 390, height: 844 };

/** The API as an administrator's browser calls it (same origin), from the test. */
async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.siteUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: stack.siteUrl, authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

beforeAll(async () => {
  stack = await startE2eStack('club-e2e-tryout-night');
  useOwnStack(stack);
  const login = await fetch(`${stack.siteUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.siteUrl },
    body: JSON.stringify(adminCredentials()),
  });
  adminToken = ((await login.json()) as { token: string }).token;
  const season = await api(adminToken, 'POST', '/admin/seasons', { name: 'Fall 2027 Tryouts' });
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

/** A player account invited for the job, signed in on `page` and accepted from the mailed link. */
async function helper(page: Page, name: string, role: 'check-in' | 'evaluator', ageGroups?: string[]) {
  const account = await verifiedPlayer(name);
  const invited = await api(adminToken, 'POST', `/admin/seasons/${seasonId}/helpers`, {
    email: account.email,
    role,
    ...(ageGroups ? { age_groups: ageGroups } : {}),
  });
  expect(invited.status).toBe(201);
  const link = await linkFromMail(
    account.email,
    role === 'evaluator' ? 'Help at Fall 2027 Tryouts: Evaluator' : 'Help at Fall 2027 Tryouts: Check-in',
    '/helpers/accept#',
  );
  await signIn(page, account.email, account.password);
  await page.waitForURL(/\/dashboard/);
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByText('You are in.').waitFor();
  return account;
}

/**
 * The gym's Wi-Fi drops (or comes back). Chromium's offline emulation covers the page but not a request the
 * page's service worker passes on to the network, which a real phone with no network could not make either,
 * so the API is cut off for the context too.
 */
async function offline(context: BrowserContext, off: boolean) {
  if (off) {
    await context.setOffline(true);
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  } else {
    await context.unroute('**/api/**');
    await context.setOffline(false);
  }
}

/** Scores the players numbered `numbers` on the open /evaluate page: shooting 4 and defence 3 each. */
async function score(page: Page, numbers: number[]) {
  for (const n of numbers) {
    await page
      .getByRole('list', { name: '15U Boys players' })
      .getByRole('button', { name: new RegExp(`^${n}\\b`) })
      .click();
    await page.getByRole('button', { name: 'Shooting 4' }).click();
    await page.getByRole('button', { name: 'Defence 3' }).click();
  }
}

describe('tryout night (issue 37)', () => {
  it('(a) keeps scoring offline through a closed tab and sends exactly 25 × 2 scores when the network is back', async () => {
    // Prepare: 25 players in 15U Boys, an evaluator of 15U Boys with the app open and its worker ready.
    const players = await writeSampleRegistrations(seasonId, 25, { age_group: '15U Boys', firstNumber: 101 });
    const opened = await openPage({ viewport: PHONE });
    const context: BrowserContext = opened.page.context();
    let page = opened.page;
    await helper(page, 'Eve', 'evaluator', ['15U Boys']);
    await page.goto('/evaluate');
    await page.getByRole('list', { name: '15U Boys players' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByRole('list', { name: '15U Boys players' }).waitFor();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // Act: the Wi-Fi drops; 20 players scored; the tab is closed.
    await context.setOffline(true);
    await score(
      page,
      players.slice(0, 20).map((p) => p.tryoutNumber),
    );
    await page.getByText('Scores of 20 players waiting to send', { exact: true }).waitFor();
    await page.close();

    // The app opens again with no network, from the phone alone; 5 more players.
    page = await context.newPage();
    await page.goto('/evaluate');
    await page.getByRole('list', { name: '15U Boys players' }).waitFor();
    await page.getByText('Scores of 20 players waiting to send', { exact: true }).waitFor();
    await score(
      page,
      players.slice(20).map((p) => p.tryoutNumber),
    );
    await page.getByText('Scores of 25 players waiting to send', { exact: true }).waitFor();
    await page.screenshot({ path: join(tmpdir(), 'club-evaluate-offline.png') });
    expect(await scoresOfGroup(seasonId, '15U Boys')).toEqual([]);

    // The network is back.
    await offline(context, false);
    await page.getByText('Nothing waiting to send', { exact: true }).waitFor({ timeout: 30_000 });

    // Assess: 25 players × 2 criteria, each once, as tapped.
    const stored = await scoresOfGroup(seasonId, '15U Boys');
    expect(stored).toHaveLength(50);
    expect(new Set(stored.map((s) => `${s.player_id}|${s.criterion}`)).size).toBe(50);
    expect(new Set(stored.map((s) => s.player_id))).toEqual(new Set(players.map((p) => p.userId)));
    expect(stored.every((s) => s.value === (s.criterion === 'shooting' ? 4 : 3))).toBe(true);
    await opened.close();
  }, 240_000);

  it('(b) checks a player in from the QR code a fake camera shows, and the family sees it', async () => {
    // Prepare: a family registered by cash; their QR code as a camera would film it.
    const family = await verifiedPlayer('Finn', { dateOfBirth: '2012-04-04' });
    // Born 2012: 15U in a season counted from 2027.
    const familyPage = await openPage({ viewport: PHONE });
    await signIn(familyPage.page, family.email, family.password);
    await familyPage.page.waitForURL(/\/dashboard/);
    const registered = await familyPage.page.evaluate(async () => {
      const res = await fetch('/api/tryouts/register', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
        },
        body: JSON.stringify({ payment_method: 'cash', age_group: '15U Boys' }),
      });
      return res.status;
    });
    expect(registered).toBe(201);
    await familyPage.page.goto('/dashboard');
    const qr = familyPage.page.getByRole('img', { name: 'Your check-in code' });
    await qr.waitFor();
    const video = qrVideo(Buffer.from((await qr.getAttribute('src'))!.split(',')[1]!, 'base64'));

    // A phone whose camera films the code.
    const browser: Browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ baseURL: stack.siteUrl, viewport: PHONE });
      await context.grantPermissions(['camera'], { origin: stack.siteUrl });
      const door = await context.newPage();
      await helper(door, 'Dora', 'check-in');
      await door.goto('/checkin');
      await door.getByRole('button', { name: 'Scan QR' }).click();
      // The camera's picture fits the phone while it films.
      await door.getByLabel('Camera').waitFor();
      expect(await door.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // Assess: the door says who is in; the family's dashboard says so too.
      await door.getByText(/^#\d+ Finn Tester is in · \$\d+\.\d\d cash due\.$/).waitFor({ timeout: 30_000 });
      await door.screenshot({ path: join(tmpdir(), 'club-door-scan.png') });
      // One phone screen: nothing wider than the phone, and ten rows or more in view.
      expect(await door.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      const inView = await door
        .locator('.night-rows > li')
        .evaluateAll(
          (rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length,
        );
      expect(inView).toBeGreaterThanOrEqual(10);
      await familyPage.page.reload();
      await familyPage.page.getByText(/^Checked in at \d{1,2}:\d{2} (am|pm)$/).waitFor();
    } finally {
      await browser.close();
      await familyPage.close();
    }
  }, 180_000);

  it('(c) registers a walk-up with cash at the door, and the parent claims the account from the mail', async () => {
    const opened = await openPage({ viewport: PHONE });
    const door = opened.page;
    await helper(door, 'Walt', 'check-in');
    await door.goto('/checkin');
    await door.getByRole('button', { name: 'Register a walk-up' }).click();
    const email = `walk.up.${Date.now()}@example.com`;
    const form = door.getByRole('form', { name: 'Walk-up registration' });
    await form.getByLabel('First name', { exact: true }).fill('Jordan');
    await form.getByLabel('Last name', { exact: true }).fill('Okafor');
    await form.getByLabel('E-mail (their account is sent here)').fill(email);
    await form.getByLabel('Phone').fill('780-555-0111');
    await form.getByLabel('Child’s first name').fill('Leo');
    await form.getByLabel('Child’s last name').fill('Okafor');
    await form.getByLabel('Date of birth').fill('2014-03-02');
    await form.getByLabel('Boys’ teams').check();
    await form.getByLabel('Age group').selectOption('13U Boys');
    // The door asks who to call and about photos (issue 42): the parent here, and no photos.
    await form.getByLabel('Medical notes (optional)').fill('Asthma: inhaler in his bag.');
    await form.getByLabel('The parent or guardian above').check();
    await form.getByLabel('No photos').check();
    await form.getByRole('button', { name: 'Register and check in' }).click();
    await form.getByText('Take the cash before checking in a walk-up.').waitFor();
    await door.screenshot({ path: join(tmpdir(), 'club-walk-up.png'), fullPage: true });
    await form.getByLabel(/^I took \$\d+\.\d\d in cash$/).check();
    await form.getByRole('button', { name: 'Register and check in' }).click();
    await door.getByText(/^Leo is registered as number \d+ and checked in\.$/).waitFor();

    // The parent claims the account from the mail, and finds Leo registered and checked in.
    const link = await linkFromMail(
      email,
      'Leo Okafor is registered for Fall 2027 Tryouts: claim your family account',
      '/claim-account#',
    );
    const parent = await openPage({ viewport: PHONE });
    await parent.page.goto(new URL(link).pathname + new URL(link).hash);
    await parent.page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await parent.page.getByText(/^Leo Okafor was registered at the door/).waitFor();
    await parent.page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await parent.page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await parent.page.getByRole('button', { name: 'Set your password' }).click();
    await parent.page.getByText('Your password is set! Redirecting to sign in...').waitFor();
    await signIn(parent.page, email, PASSWORD);
    await parent.page.waitForURL(/\/dashboard/);
    await parent.page.getByText(/^Checked in at \d{1,2}:\d{2} (am|pm)$/).waitFor();
    expect(await parent.page.getByText('Leo').first().isVisible()).toBe(true);
    expect((await inbox(email)).map((m) => m.subject)).toContain(
      'Leo Okafor is registered for Fall 2027 Tryouts: claim your family account',
    );
    await opened.close();
    await parent.close();
  }, 180_000);

  it('(d) keeps the door’s check-ins and cash through a dead network and a reopened tab, sending each once', async () => {
    const [walkIn] = await writeSampleRegistrations(seasonId, 1, { age_group: '15U Boys', firstNumber: 201 });
    const opened = await openPage({ viewport: PHONE });
    const context = opened.page.context();
    let door = opened.page;
    await helper(door, 'Olive', 'check-in');
    await door.goto('/checkin');
    await door.getByRole('button', { name: 'Scan QR' }).waitFor();
    await door.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // That player's row, by number (the journeys' sample players share names).
    const rowOf = (on: Page) =>
      on
        .locator('li')
        .filter({ has: on.locator('strong', { hasText: new RegExp(`^${walkIn!.tryoutNumber}$`) }) });
    await offline(context, true);
    await rowOf(door)
      .getByRole('button', { name: /^In \+ \$\d+\.\d\d$/ })
      .click();
    await door.getByText('1 waiting to send', { exact: true }).waitFor();
    await door.close();
    door = await context.newPage();
    await door.goto('/checkin');
    await door.getByText('1 waiting to send', { exact: true }).waitFor();
    expect(await rowOf(door).getAttribute('class')).toBe('night-in');
    const before = await api(adminToken, 'GET', `/admin/tryouts?season_id=${seasonId}`);
    const find = (rows: unknown) =>
      (rows as Array<{ tryout_number: number; attended: boolean; payment_status: string }>).find(
        (r) => r.tryout_number === walkIn!.tryoutNumber,
      );
    expect(find(before.body)).toMatchObject({ attended: false, payment_status: 'cash' });

    await offline(context, false);
    await door
      .getByText('1 waiting to send', { exact: true })
      .waitFor({ state: 'detached', timeout: 30_000 });

    const after = await api(adminToken, 'GET', `/admin/tryouts?season_id=${seasonId}`);
    expect(find(after.body)).toMatchObject({ attended: true, payment_status: 'paid' });
    const history = await api(
      adminToken,
      'GET',
      `/admin/audit?season_id=${seasonId}&tryout_id=${seasonId}.${walkIn!.userId}`,
    );
    expect(
      (history.body as unknown as Array<{ action: string }>).filter((e) => e.action === 'check_in'),
    ).toHaveLength(1);
    await opened.close();
  }, 180_000);

  it('(f) forgets the door’s list at sign-out: offline, the phone shows only whose taps wait', async () => {
    // Prepare: Sid works the door; the list is on the phone and one tap waits (the Wi-Fi is down).
    const [child] = await writeSampleRegistrations(seasonId, 1, { age_group: '13U Boys', firstNumber: 301 });
    const opened = await openPage({ viewport: PHONE });
    const context = opened.page.context();
    const door = opened.page;
    await helper(door, 'Sid', 'check-in');
    await door.goto('/checkin');
    await door.getByRole('button', { name: 'Scan QR' }).waitFor();
    await door.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const row = door
      .locator('li')
      .filter({ has: door.locator('strong', { hasText: new RegExp(`^${child!.tryoutNumber}$`) }) });
    await offline(context, true);
    await row.getByRole('button', { name: /^In \+ \$\d+\.\d\d$/ }).click();
    await door.getByText('1 waiting to send', { exact: true }).waitFor();

    // Act: Sid signs out (still offline), and the door is opened again with no network.
    await door.getByRole('button', { name: 'Menu', exact: true }).click();
    await door.getByRole('button', { name: 'Logout' }).last().click();
    await door.waitForFunction(() => sessionStorage.getItem('token') === null);
    await door.goto('/checkin');

    // Assess: one line, whose taps wait; no name, number, flag or amount of any child, on screen or kept.
    await door.getByText('1 tap waiting for Sid Tester', { exact: true }).waitFor();
    const text = await door.locator('#main').innerText();
    expect(text).not.toMatch(/Player\d|Medical|No photos|\$\d/);
    expect(text).not.toContain(String(child!.tryoutNumber));
    const kept = await door.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('club-tryout-night');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('snapshots').objectStore('snapshots').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(kept).toBe(0);
    await door.screenshot({ path: join(tmpdir(), 'club-door-signed-out.png') });
    await opened.close();
  }, 180_000);

  it('(g) follows every tap with the cash taken, without a reload, and undoes one at the door', async () => {
    const [first, second] = await writeSampleRegistrations(seasonId, 2, {
      age_group: '13U Boys',
      firstNumber: 401,
    });
    const opened = await openPage({ viewport: PHONE });
    const door = opened.page;
    await helper(door, 'Cass', 'check-in');
    await door.goto('/checkin');
    await door.getByRole('heading', { name: /Fall 2027 Tryouts/ }).waitFor();
    const heading = await door.getByRole('heading', { name: /Fall 2027 Tryouts/ }).innerText();
    expect(heading).toContain('6:00 pm – 8:00 pm, Harry Ainlay gym');
    const rowOf = (n: number) =>
      door.locator('li').filter({ has: door.locator('strong', { hasText: new RegExp(`^${n}$`) }) });
    await rowOf(first!.tryoutNumber).waitFor();
    const cashShown = async () =>
      Number((await door.locator('.night-counts strong').nth(1).innerText()).replace(/[$,]/g, ''));
    const sentAll = () => door.getByText(/waiting to send/).waitFor({ state: 'detached', timeout: 30_000 });
    const start = await cashShown();
    // The group stays in view on a row whose cash is due.
    const group = rowOf(first!.tryoutNumber).locator('small');
    const box = await group.boundingBox();
    expect(await group.innerText()).toMatch(/^13U Boys/);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    // Act and assess: each tap moves the total, and it stays moved once the tap is sent.
    await rowOf(first!.tryoutNumber).getByRole('button', { name: 'In + $45.00' }).click();
    await expect.poll(cashShown).toBe(start + 45);
    await sentAll();
    expect(await cashShown()).toBe(start + 45);
    await rowOf(second!.tryoutNumber).getByRole('button', { name: 'In + $45.00' }).click();
    await sentAll();
    expect(await cashShown()).toBe(start + 90);
    await rowOf(first!.tryoutNumber).getByRole('button', { name: 'Undo Player0 Tester’s check-in' }).click();
    await door.getByText(`#${first!.tryoutNumber} Player0 Tester is not in: give back $45.00.`).waitFor();
    await sentAll();
    expect(await cashShown()).toBe(start + 45);
    expect(await rowOf(first!.tryoutNumber).getAttribute('class')).toBeNull();
    await door.screenshot({ path: join(tmpdir(), 'club-door-cash.png') });
    await door.setViewportSize({ width: 1280, height: 900 });
    await door.screenshot({ path: join(tmpdir(), 'club-door-cash-1280.png') });

    // The server agrees, and the undo is in the row's history with the helper's name.
    const tonight = await api(adminToken, 'GET', `/checkin/${seasonId}/tonight`);
    expect((tonight.body.counts as { cash_taken_cents: number }).cash_taken_cents).toBe((start + 45) * 100);
    const history = await api(
      adminToken,
      'GET',
      `/admin/audit?season_id=${seasonId}&tryout_id=${seasonId}.${first!.userId}`,
    );
    expect(
      (history.body as unknown as Array<{ action: string; actor_name: string; after: unknown }>)
        .filter((e) => e.action === 'check_in')
        .map((e) => [e.actor_name, e.after]),
    ).toEqual([
      ['Cass Tester', { attended: false, payment_status: 'cash' }],
      ['Cass Tester', { attended: true, payment_status: 'paid' }],
    ]);
    await opened.close();
  }, 180_000);

  it('(e) leaves the public pages alone: no service worker, no manifest', async () => {
    const { page, close } = await openPage({ viewport: PHONE });
    await page.goto('/');
    await page.goto('/tryout-information');
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(
      0,
    );
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    await close();
  });
});

/**
 * A Y4M video (what Chromium's fake camera plays) of a QR code PNG centred on white, 640×480, a few frames:
 * RGB to Y′CbCr (BT.601), chroma subsampled 4:2:0.
 */
function qrVideo(png: Buffer): string {
  const code = PNG.sync.read(png);
  const [W, H] = [640, 480];
  const scale = Math.floor((Math.min(W, H) * 0.8) / code.width);
  const [ox, oy] = [Math.floor((W - code.width * scale) / 2), Math.floor((H - code.height * scale) / 2)];
  const lum = (x: number, y: number) => {
    const [cx, cy] = [Math.floor((x - ox) / scale), Math.floor((y - oy) / scale)];
    if (cx < 0 || cy < 0 || cx >= code.width || cy >= code.height) return 235;
    const i = (cy * code.width + cx) * 4;
    const grey = 0.299 * code.data[i]! + 0.587 * code.data[i + 1]! + 0.114 * code.data[i + 2]!;
    return Math.round(16 + (grey * 219) / 255);
  };
  const frame = Buffer.alloc(W * H * 1.5);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) frame[y * W + x] = lum(x, y);
  frame.fill(128, W * H);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  const frames = Array.from({ length: 10 }, () => [Buffer.from('FRAME\n'), frame]).flat();
  const file = join(mkdtempSync(join(tmpdir(), 'club-qr-')), 'qr.y4m');
  writeFileSync(file, Buffer.concat([header, ...frames]));
  return file;
}
