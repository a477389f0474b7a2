/**
 * Tryout night (issue 37) on the local stack, each figure beside a floor measured in the same run:
 * - a score tap stored on the device (IndexedDB) and shown, on a 390 px phone with the CPU slowed 4x, the
 *   network cut as in a gym: p95, goal ≤ 50 ms; floor: a tap on a plain checkbox on a page with no script;
 * - 600 scores waiting on the phone, sent once the network is back: the time until the app shows none
 *   waiting; floor: the same 600 writes sent by a script (6 batches of 100), goal ≤ 1.5x;
 * - a scanned QR code to "checked in" (POST /checkin/{season}/scan, the door's own call): p95, goal ≤ 1 s;
 *   floor: the public season read.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { tryoutId, todayInClubZone } from '@club/shared';
import { checkinCodeOf } from '@club/functions/lib/checkin-code';
import { localConfig } from '../local/config';
import { writeSampleRegistrations } from '../local/sample-registrations';
import type { RunningStack } from '../local/stack';
import { median, type BenchRow } from './report';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = { width: 390, height: 844 };
const CRITERIA = ['shooting', 'ball-handling', 'defence', 'athleticism', 'basketball-iq', 'coachability'];
const PLAYERS = 100;
const TAPS = 40;
const SCANS = 60;
const PASSWORD = 'Bench!Pass1234';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function json(stack: RunningStack, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.siteUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: stack.siteUrl, authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json().catch(() => null)) as Record<string, unknown>;
}

/** The newest link in a mail to `address` whose text holds `part`. */
async function mailedLink(stack: RunningStack, address: string, part: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const { emails } = (await (await fetch(`${stack.mailUrl}/store`)).json()) as {
      emails: Array<{ destination: { to: string[] }; body: { text?: string } }>;
    };
    const link = emails
      .filter((e) => e.destination.to.some((to) => to.includes(address)))
      .flatMap((e) => e.body.text?.match(/https?:\/\/\S+/g) ?? [])
      .reverse()
      .find((url) => url.includes(part));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${part} link mailed to ${address}`);
}

/** A season tonight with 100 players in 15U Boys, six criteria, and an evaluator signed in on a phone. */
async function setUp(stack: RunningStack, context: BrowserContext) {
  const { adminEmail, adminPassword } = localConfig();
  const login = await fetch(`${stack.siteUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.siteUrl },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const admin = ((await login.json()) as { token: string }).token;
  const season = await json(stack, admin, 'POST', '/admin/seasons', { name: 'Bench Night Tryouts' });
  const seasonId = String(season.id);
  const today = todayInClubZone();
  await json(stack, admin, 'PATCH', `/admin/seasons/${seasonId}`, {
    sessions: [
      {
        kind: 'tryout',
        age_groups: ['15U Boys'],
        starts_at: `${today}T18:00`,
        ends_at: `${today}T21:00`,
        location: 'Bench gym',
        address: '1 Bench St, Edmonton',
      },
    ],
  });
  await json(stack, admin, 'PUT', `/admin/seasons/${seasonId}/criteria`, {
    criteria: CRITERIA.map((key) => ({ key, label: key.replace(/-/g, ' ') })),
    scale_max: 5,
  });
  const players = await writeSampleRegistrations(seasonId, PLAYERS, {
    age_group: '15U Boys',
    firstNumber: 501,
  });

  const email = `bench.evaluator.${Date.now()}@example.com`;
  await fetch(`${stack.siteUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'Evaluator',
      email,
      password: PASSWORD,
      date_of_birth: '1990-01-01',
      phone_number: '780-555-0101',
      emergency_contact_name: 'Pat Tester',
      emergency_contact_phone: '780-555-0102',
      emergency_contact_email: 'pat@example.com',
      emergency_contact_relationship: 'parent',
    }),
  });
  const verify = new URL(await mailedLink(stack, email, '/verify-email#')).hash.slice(1);
  await fetch(`${stack.siteUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: verify }),
  });
  await json(stack, admin, 'POST', `/admin/seasons/${seasonId}/helpers`, {
    email,
    role: 'evaluator',
    age_groups: ['15U Boys'],
  });
  const accept = new URL(await mailedLink(stack, email, '/helpers/accept#'));
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/dashboard/);
  await page.goto(accept.pathname + accept.hash);
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByText('You are in.').waitFor();
  return { admin, seasonId, players, page };
}

/** The gym's Wi-Fi: cut (the page's and its service worker's requests alike) or back. */
async function network(context: BrowserContext, on: boolean) {
  if (on) {
    await context.unroute('**/api/**');
    await context.setOffline(false);
  } else {
    await context.setOffline(true);
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  }
}

/** Clicks the button named `label` and answers ms until it shows pressed (checked) and a frame was painted. */
function timeTap(page: Page, label: string): Promise<number> {
  return page.evaluate(async (name) => {
    const button = Array.from(document.querySelectorAll('button, input')).find(
      (b) => b.getAttribute('aria-label') === name,
    ) as HTMLButtonElement | HTMLInputElement;
    const start = performance.now();
    button.click();
    do await new Promise((frame) => requestAnimationFrame(frame));
    while (
      button.getAttribute('aria-pressed') !== 'true' &&
      !(button instanceof HTMLInputElement && button.checked)
    );
    await new Promise((done) => setTimeout(done, 0));
    return performance.now() - start;
  }, label);
}

async function benchTaps(stack: RunningStack, context: BrowserContext, page: Page) {
  const floorPage = await context.newPage();
  await floorPage.setContent(
    '<!doctype html><label><input type="checkbox" aria-label="Plain"> Plain</label>',
  );
  const floorCdp = await context.newCDPSession(floorPage);
  await floorCdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const floor: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    await floorPage.evaluate(() => {
      (document.querySelector('input') as HTMLInputElement).checked = false;
    });
    floor.push(await timeTap(floorPage, 'Plain'));
  }
  await floorPage.close();

  await page.goto('/evaluate');
  const list = page.getByRole('list', { name: '15U Boys players' });
  await list.waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await network(context, false);
  const taps: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    if (i % 2 === 0)
      await list
        .getByRole('button')
        .nth(i / 2)
        .click();
    const criterion = i % 2 === 0 ? 'shooting' : 'defence';
    taps.push(await timeTap(page, `${criterion} ${(i % 5) + 1}`));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await network(context, true);
  await page.getByText('Nothing waiting to send', { exact: true }).waitFor({ timeout: 60_000 });
  return { floor, taps };
}

async function benchSync(
  stack: RunningStack,
  context: BrowserContext,
  page: Page,
  seasonId: string,
  players: ReadonlyArray<{ userId: string }>,
) {
  const scores = (minute: number) =>
    players.flatMap((p) =>
      CRITERIA.map((criterion, i) => ({
        tryout_id: tryoutId.of(seasonId, p.userId),
        criterion,
        value: (i % 5) + 1,
        scored_at: new Date(Date.now() + minute * 60_000).toISOString(),
        client_id: `bench${minute}${p.userId.slice(0, 8)}${i}`,
      })),
    );
  // Both sides are timed on a warm server: the same kind of writes once first (older, so both later
  // rounds still write every score).
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? '');
  const warm = scores(0);
  for (let i = 0; i < warm.length; i += 100) {
    await json(stack, token, 'PUT', `/evaluate/${seasonId}/scores`, { scores: warm.slice(i, i + 100) });
  }
  // 600 scores waiting on the phone (as 600 taps offline would leave them), then the network comes back.
  await network(context, false);
  await page.evaluate(
    async ({ queued, season }) => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open('club-tryout-night');
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      const tx = db.transaction('scores', 'readwrite');
      for (const s of queued)
        tx.objectStore('scores').put({
          ...s,
          season_id: season,
          key: `${season}|${s.tryout_id}|${s.criterion}`,
        });
      await new Promise((done) => (tx.oncomplete = done));
      db.close();
    },
    { queued: scores(1), season: seasonId },
  );
  await page.reload();
  await page.getByText(`Scores of ${players.length} players waiting to send`, { exact: true }).waitFor();
  await network(context, true);
  // Timed in the page, from the moment the phone says its network is back (the 'online' event, sent here
  // since Chromium's emulation does not tell a page that loaded emulated offline) to the screen saying that
  // nothing waits any more.
  const app = await page.evaluate(
    () =>
      new Promise<number>((done) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector('.night-status')?.textContent === 'Nothing waiting to send') {
            observer.disconnect();
            done(performance.now() - start);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        window.dispatchEvent(new Event('online'));
      }),
  );

  // The floor: the same 600 writes (newer, so each one writes) from a script, 100 at a time.
  const batch = scores(2);
  const scriptStart = performance.now();
  for (let i = 0; i < batch.length; i += 100) {
    await json(stack, token, 'PUT', `/evaluate/${seasonId}/scores`, { scores: batch.slice(i, i + 100) });
  }
  return { app, script: performance.now() - scriptStart };
}

async function benchScans(stack: RunningStack, admin: string, seasonId: string) {
  const players = await writeSampleRegistrations(seasonId, SCANS, {
    age_group: '15U Boys',
    firstNumber: 901,
  });
  const scans: number[] = [];
  const reads: number[] = [];
  for (const p of players) {
    const code = await checkinCodeOf(tryoutId.of(seasonId, p.userId));
    let t = performance.now();
    await json(stack, admin, 'POST', `/checkin/${seasonId}/scan`, { code });
    scans.push(performance.now() - t);
    t = performance.now();
    await fetch(`${stack.siteUrl}/api/seasons/active`);
    reads.push(performance.now() - t);
  }
  return { scans, reads };
}

export async function benchTryoutNight(stack: RunningStack): Promise<BenchRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ baseURL: stack.siteUrl, viewport: PHONE });
    const { admin, seasonId, players, page } = await setUp(stack, context);
    const { floor, taps } = await benchTaps(stack, context, page);
    const sync = await benchSync(stack, context, page, seasonId, players);
    const { scans, reads } = await benchScans(stack, admin, seasonId);
    const tapP95 = percentile(taps, 95);
    const floorP95 = percentile(floor, 95);
    return [
      {
        name: 'score tap stored on the phone, p95 (390 px, CPU 4x, offline)',
        value: round(tapP95),
        unit: 'ms',
        note: 'goal ≤ 50 ms',
      },
      { name: 'score tap, median', value: round(median(taps)), unit: 'ms' },
      { name: 'floor: plain checkbox tap, p95 (same phone)', value: round(floorP95), unit: 'ms' },
      { name: 'score tap / floor (p95)', value: Math.round((tapP95 / floorP95) * 100) / 100, unit: 'x' },
      { name: '600 waiting scores sent after reconnect', value: Math.round(sync.app), unit: 'ms' },
      { name: 'floor: the same 600 writes from a script', value: Math.round(sync.script), unit: 'ms' },
      {
        name: 'reconnect send / script',
        value: Math.round((sync.app / sync.script) * 100) / 100,
        unit: 'x',
        note: 'goal ≤ 1.5x',
      },
      {
        name: 'scan to checked in, p95',
        value: round(percentile(scans, 95)),
        unit: 'ms',
        note: 'goal ≤ 1000 ms',
      },
      { name: 'floor: public season read, p95', value: round(percentile(reads, 95)), unit: 'ms' },
    ];
  } finally {
    await browser.close();
  }
}
