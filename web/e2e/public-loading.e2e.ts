/**
 * How a prerendered page loads (issue 9): it paints before any of the app's JavaScript is asked for, the
 * scripts it then runs are exactly the ones its HTML names (what the byte budget counts), a press on a menu
 * before the app has hydrated the page is answered once it has, and a page whose code is gone after a
 * release loads again once rather than staying dead. Screens that are not prerendered ask for the app at once.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  APP_MODULE,
  appChunks,
  entryKey,
  prerenderedPageScripts,
  readManifest,
  staticChunks,
} from '../prerender/manifest';
import { openPage, siteUrl } from './harness';
import { gotoAndHydrate, holdScripts, layoutShifts, recordLayoutShifts } from './public-expectations';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const PHONE = { width: 390, height: 844 };

async function fetchHtml(path: string): Promise<string> {
  const res = await fetch(`${siteUrl()}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The JavaScript files the page has loaded so far, with when each was asked for. */
function loadedScripts(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  );
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

describe('a prerendered page paints first', () => {
  for (const path of ['/', '/FallTeams/Girls', '/tryout-information', '/login', '/dashboard']) {
    it(`${path} asks for no script file before its first paint, then hydrates`, async () => {
      const { page, consoleErrors, close } = await openPage();
      try {
        await gotoAndHydrate(page, path);
        const paint = await page.evaluate(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        );
        const scripts = await loadedScripts(page);

        expect(paint).not.toBeNull();
        expect(scripts.length).toBeGreaterThan(2);
        for (const script of scripts) {
          expect(script.start, `${script.path} was asked for before the first paint`).toBeGreaterThanOrEqual(
            paint!,
          );
        }
        expect(consoleErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('runs exactly the scripts its HTML names, which the byte budget counts', async () => {
    const { page, close } = await openPage();
    try {
      await gotoAndHydrate(page, '/');
      const named = prerenderedPageScripts(await fetchHtml('/')).files.map((file) => `/${file}`);

      const loaded = (await loadedScripts(page)).map((script) => script.path);
      expect(new Set(loaded)).toEqual(new Set(named));
      expect(loaded).toHaveLength(named.length);
    } finally {
      await close();
    }
  });

  it('leaves a screen that is not prerendered nothing to wait for: /account asks for the app at once', async () => {
    const manifest = readManifest(dist);
    const boot = staticChunks(manifest, entryKey(manifest));
    const app = [...appChunks(manifest)].filter((key) => !boot.has(key)).map((key) => manifest[key]!.file);
    const html = await fetchHtml('/account');

    expect(app.length).toBeGreaterThan(1);
    for (const file of app) expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${file}">`);
    expect(html).toContain(`<script type="module" crossorigin src="/${manifest[entryKey(manifest)]!.file}">`);
  });
});

describe('a press before the page has hydrated', () => {
  it('opens the menu pressed by keyboard, and moves into it, once the page has hydrated', async () => {
    const { page, consoleErrors, close } = await openPage();
    try {
      const release = await holdScripts(page);
      await page.goto('/contact', { waitUntil: 'domcontentloaded' });
      const about = page.getByRole('button', { name: 'About' });
      await page.locator('h1', { hasText: 'Contact Us' }).waitFor();

      // Skip link, brand, then About: Enter opens it, the down arrow moves to its first link.
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await expect(isHydrated(page)).resolves.toBe(false);
      await expect(about.getAttribute('aria-expanded')).resolves.toBe('false');

      release();
      await page.waitForSelector('html[data-hydrated]');
      await page.locator('#nav-menu-about').waitFor({ state: 'visible' });
      await expect(about.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect.poll(() => focusedText(page)).toBe('Our Mission');

      // From here on the menu is the app's: Escape closes it and puts focus back on its button.
      await page.keyboard.press('Escape');
      await expect(about.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(about.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opens the phone menu tapped before the page had hydrated', async () => {
    const { page, consoleErrors, close } = await openPage({ viewport: PHONE });
    try {
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
      await menuButton.click();
      await expect(isHydrated(page)).resolves.toBe(false);

      release();
      await page.waitForSelector('html[data-hydrated]');
      await page.getByRole('dialog', { name: 'Site menu' }).waitFor({ state: 'visible' });
      await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('true');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('replays two presses in order: the menu opens, then closes again', async () => {
    const { page, close } = await openPage();
    try {
      const release = await holdScripts(page);
      await page.goto('/about', { waitUntil: 'domcontentloaded' });
      const fall = page.getByRole('button', { name: 'Fall Season' });
      await fall.click();
      await fall.click();

      release();
      await page.waitForSelector('html[data-hydrated]');
      // Replayed in order (open, close), and the press after hydration is the app's alone.
      await page.waitForTimeout(300);
      await expect(fall.getAttribute('aria-expanded')).resolves.toBe('false');
      await fall.click();
      await expect(fall.getAttribute('aria-expanded')).resolves.toBe('true');
    } finally {
      await close();
    }
  });
});

describe('after a release, when a page’s code is gone from the CDN', () => {
  /** Counts the page's document loads (the first, and any reload). */
  function countLoads(page: Page): () => number {
    let loads = 0;
    page.on('load', () => (loads += 1));
    return () => loads;
  }

  /**
   * Answers 404 for a file as the CDN does once a release has removed it: for every request the current
   * document makes, or (`always`) for the reloaded one too. A reload normally brings HTML naming the new
   * release's files; here the names stay, so the file is back after one.
   */
  async function gone(page: Page, file: string, always = false): Promise<void> {
    let documents = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
    });
    await page.route(`**/${file}`, (route) =>
      always || documents <= 1
        ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })
        : route.continue(),
    );
  }

  it('loads the page again once when the app’s code fails to load, then hydrates', async () => {
    const manifest = readManifest(dist);
    const { page, close } = await openPage();
    try {
      await gone(page, manifest[APP_MODULE]!.file);
      const loads = countLoads(page);
      await page.goto('/about');
      await page.waitForSelector('html[data-hydrated]');

      expect(loads()).toBe(2);
      await expect(page.locator('h1').innerText()).resolves.toBe('About Edmonton Summit Basketball Club');
    } finally {
      await close();
    }
  });

  it('loads it again only once when the code stays gone, leaving the prerendered page readable', async () => {
    const manifest = readManifest(dist);
    const { page, close } = await openPage();
    try {
      await gone(page, manifest[APP_MODULE]!.file, true);
      const loads = countLoads(page);
      await page.goto('/about');
      // The second load follows the failed chunk: on a loaded machine it can take more than a second.
      await expect.poll(loads, { timeout: 15_000 }).toBe(2);
      await page.waitForTimeout(1500);

      expect(loads()).toBe(2);
      await expect(isHydrated(page)).resolves.toBe(false);
      await expect(page.locator('h1').innerText()).resolves.toBe('About Edmonton Summit Basketball Club');
    } finally {
      await close();
    }
  });

  it('loads the next page afresh when its chunk fails to load on a client-side navigation', async () => {
    const manifest = readManifest(dist);
    const { page, close } = await openPage();
    try {
      await gone(page, manifest['src/routes/about.tsx']!.file);
      await gotoAndHydrate(page, '/');
      const loads = countLoads(page);

      await page.getByRole('button', { name: 'About' }).click();
      await page.locator('#nav-menu-about').getByRole('link', { name: 'Our Mission' }).click();
      await expect.poll(loads, { timeout: 15_000 }).toBe(1);
      await page.waitForSelector('html[data-hydrated]');

      expect(new URL(page.url()).pathname).toBe('/about');
      await expect(page.locator('h1').innerText()).resolves.toBe('About Edmonton Summit Basketball Club');
    } finally {
      await close();
    }
  });
});

/** An open season as GET /api/seasons/active answers it. */
const OPEN_SEASON = {
  id: 'season-1',
  name: 'Fall 2026 Tryouts',
  is_active: true,
  age_groups: ['15U Boys', '17U Girls'],
  is_registration_open: true,
  tryout_fee_cents: 8500,
  sibling_fee_cents: 8500,
  reference_year: 2026,
  registration_opens_on: null,
  sessions: [],
};

/** The same season closed, with the day it opens: the tallest answer. */
const CLOSED_SEASON = { ...OPEN_SEASON, is_registration_open: false, registration_opens_on: '2027-01-05' };

describe('/TryoutsClosed while it asks whether registration is open (issue 20)', () => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
    for (const [answer, title, reply] of [
      ['closed', 'Registrations are closed', { status: 200, body: CLOSED_SEASON }],
      ['open', 'Registration is open', { status: 200, body: OPEN_SEASON }],
    ] as const) {
      it(`moves nothing when the answer (${answer}) arrives (${viewport.width} px)`, async () => {
        const { page, consoleErrors, close } = await openPage({ viewport });
        try {
          // The season's answer is held until the page has hydrated and shows that it is checking.
          let answerNow: () => void = () => {};
          const held = new Promise<void>((resolve) => (answerNow = resolve));
          await page.route('**/api/seasons/active', async (route) => {
            await held;
            await route.fulfill({
              status: reply.status,
              contentType: 'application/json',
              body: JSON.stringify(reply.body),
            });
          });
          await recordLayoutShifts(page);
          await gotoAndHydrate(page, '/TryoutsClosed');
          await page.getByText('Checking whether tryout registration is open…').waitFor();
          const nextSteps = page.getByRole('list', { name: 'Next steps' });
          const before = await nextSteps.boundingBox();

          answerNow();
          await page.getByRole('heading', { level: 2, name: title }).waitFor();
          await page.waitForTimeout(100);

          expect(await nextSteps.boundingBox()).toEqual(before);
          // On a desktop the bar gains "Register" when registration is open, beside Login: nothing moves,
          // the bar's own links included.
          expect((await layoutShifts(page)).total).toBe(0);
          expect(consoleErrors).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  }
});

describe('the home page’s way into tryouts on a phone (issue 42)', () => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    it(`shows "Register for tryouts" in the first screenful while registration is open, moving nothing (${viewport.width} px)`, async () => {
      const { page, consoleErrors, close } = await openPage({ viewport });
      try {
        // Prepare: the season's answer is held until the page has hydrated.
        let answerNow: () => void = () => {};
        const held = new Promise<void>((resolve) => (answerNow = resolve));
        await page.route('**/api/seasons/active', async (route) => {
          await held;
          await route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify(OPEN_SEASON),
          });
        });
        await recordLayoutShifts(page);
        await gotoAndHydrate(page, '/');

        // Act
        answerNow();
        const register = page.locator('.hero').getByRole('link', { name: 'Register for tryouts' });
        await register.waitFor();
        await page.waitForTimeout(100);

        // Assess: wholly inside the first screen (it was 4,300 px down on a phone), and nothing moved.
        const box = await register.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
        expect((await layoutShifts(page)).total).toBe(0);
        expect(consoleErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
