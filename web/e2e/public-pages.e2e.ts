/**
 * Every public page in Chromium, as a visitor sees it once the app has hydrated the prerendered HTML: its
 * heading and facts, the footer exactly where the spec puts it, no console errors, no axe violations.
 */
import { describe, expect, it } from 'vitest';
import { showsFooter } from '@club/shared/site-paths';
import { checkA11y, openPage } from './harness';
import { collapse, gotoAndHydrate, PUBLIC_PAGES } from './public-expectations';

describe('public pages', () => {
  for (const [path, expected] of Object.entries(PUBLIC_PAGES)) {
    it(`${path} shows its heading and facts, with no console errors or accessibility violations`, async () => {
      const { page, consoleErrors, close } = await openPage();
      try {
        await gotoAndHydrate(page, path);
        // What the page learns once it runs (e.g. whether registration is open) comes after hydration.
        if (expected.liveFacts?.[0]) await page.getByText(expected.liveFacts[0]).waitFor();

        await expect(page.locator('h1').innerText()).resolves.toBe(expected.heading);
        const text = collapse(await page.locator('main').innerText());
        for (const fact of [...expected.facts, ...(expected.liveFacts ?? [])]) {
          expect(text, `${path} should say "${fact}"`).toContain(fact);
        }
        await expect(page.title()).resolves.toMatch(/ \| Edmonton Summit Basketball Club$/);
        await expect(page.locator('footer.site-footer').count()).resolves.toBe(showsFooter(path) ? 1 : 0);
        await checkA11y(page);
        expect(consoleErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('has exactly one navigation bar with the spec’s items on every page, account screens included', async () => {
    const { page, consoleErrors, close } = await openPage();
    try {
      for (const path of ['/', '/contact', '/login']) {
        await gotoAndHydrate(page, path);
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const item of ['About', 'Fall Season', 'Spring Season']) {
          await expect(nav.getByRole('button', { name: item }).count()).resolves.toBe(1);
        }
        for (const item of ['Winter Programming', 'Training/Camps', 'Tournaments', 'Login']) {
          await expect(nav.getByRole('link', { name: item, exact: true }).count()).resolves.toBe(1);
        }
        await expect(page.locator('footer.site-footer').count()).resolves.toBe(showsFooter(path) ? 1 : 0);
      }
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the not-found page for an unknown path, kept out of search engines', async () => {
    const { page, consoleErrors, close } = await openPage();
    try {
      await gotoAndHydrate(page, '/no-such-page');

      await expect(page.locator('h1').innerText()).resolves.toBe('Page not found');
      await expect(page.title()).resolves.toBe('Page Not Found | Edmonton Summit Basketball Club');
      await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
      await expect(
        page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href'),
      ).resolves.toBe('/');
      await expect(page.locator('footer.site-footer').count()).resolves.toBe(0);
      await checkA11y(page);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('/#upcoming-events lands on the events list', async () => {
    const { page, close } = await openPage();
    try {
      await gotoAndHydrate(page, '/#upcoming-events');
      await page.waitForTimeout(1200);

      const top = await page.locator('#upcoming-events').evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(200);
    } finally {
      await close();
    }
  });

  it('scrolls to the events 500 ms after the About menu’s Events link is followed', async () => {
    const { page, consoleErrors, close } = await openPage();
    try {
      await gotoAndHydrate(page, '/about');
      await page.getByRole('button', { name: 'About' }).click();
      await page.locator('#nav-menu-about').getByRole('link', { name: 'Events' }).click();
      await page.waitForURL('**/#upcoming-events');

      // Not yet: the spec delays the scroll by 500 ms.
      await page.waitForTimeout(150);
      await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

      await page.waitForTimeout(1200);
      const top = await page.locator('#upcoming-events').evaluate((el) => el.getBoundingClientRect().top);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(200);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('moves between pages without a page load, with the spinner shown for a moment', async () => {
    const { page, consoleErrors, close } = await openPage();
    try {
      await gotoAndHydrate(page, '/');
      await page.waitForSelector('.page-spinner[data-visible="false"]', { state: 'attached' });
      // Watched from inside the page: on a busy machine its 300 ms can be over before a check from here.
      await page.evaluate(() => {
        const w = window as unknown as { marker: boolean; spinnerShown: boolean; spinnerMoving: boolean };
        w.marker = true;
        w.spinnerShown = false;
        w.spinnerMoving = false;
        const spinner = document.querySelector('.page-spinner')!;
        new MutationObserver(() => {
          if (spinner.getAttribute('data-visible') !== 'true') return;
          w.spinnerShown = true;
          w.spinnerMoving = document.getAnimations().some((a) => a.playState === 'running');
        }).observe(spinner, { attributeFilter: ['data-visible'] });
      });

      await page.getByRole('link', { name: 'Fall Season', exact: true }).click();
      await page.waitForURL('**/FallTeams');
      await page.locator('h1', { hasText: 'Fall Teams' }).waitFor();
      await expect(page.title()).resolves.toBe('Fall Teams | Edmonton Summit Basketball Club');
      await page.waitForSelector('.page-spinner[data-visible="false"]', { state: 'attached' });

      // The spinner showed for the new page, and it is still the same document: the SPA took over.
      await expect(
        page.evaluate(() => (window as unknown as { spinnerShown: boolean }).spinnerShown),
      ).resolves.toBe(true);
      await expect(
        page.evaluate(() => (window as unknown as { spinnerMoving: boolean }).spinnerMoving),
      ).resolves.toBe(true);
      await expect(page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).resolves.toBe(
        true,
      );
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('leaves nothing moving once a page has loaded, so an open page costs a phone no work', async () => {
    const { page, close } = await openPage();
    try {
      await gotoAndHydrate(page, '/');
      await page.waitForSelector('.page-spinner[data-visible="false"]', { state: 'attached' });
      // The spinner's fade-out (150 ms) is over well within a second
      await page.waitForTimeout(1_000);

      const running = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map((a) => (a as CSSAnimation).animationName ?? a.constructor.name),
      );

      expect(running).toEqual([]);
    } finally {
      await close();
    }
  });
});
