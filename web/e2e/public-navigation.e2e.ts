/** The navigation by keyboard and on a phone (spec §2 shared chrome). */
import { describe, expect, it } from 'vitest';
import { adminCredentials, checkA11y, openPage } from './harness';
import { signIn, verifiedPlayer } from './players';
import { gotoAndHydrate, layoutShifts, recordLayoutShifts } from './public-expectations';

const PHONE = { width: 390, height: 844 };

describe('navigation dropdowns', () => {
  it('open and close by keyboard: Enter, the arrow keys, Escape back to the button, Tab away', async () => {
    const { page, consoleErrors, close } = await openPage();
    try {
      await gotoAndHydrate(page, '/contact');
      const about = page.getByRole('button', { name: 'About' });
      const aboutMenu = page.locator('#nav-menu-about');

      // Skip link, brand, then About.
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
        'Skip to main content',
      );
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(about.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

      await page.keyboard.press('Enter');
      await expect(about.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(aboutMenu.isVisible()).resolves.toBe(true);

      await page.keyboard.press('ArrowDown');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Our Mission');
      await page.keyboard.press('End');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Contact');

      await page.keyboard.press('Escape');
      await expect(about.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(aboutMenu.isVisible()).resolves.toBe(false);
      await expect(about.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

      // Space opens the next one; tabbing past its last link closes it.
      await page.keyboard.press('Tab');
      const fall = page.getByRole('button', { name: 'Fall Season' });
      await page.keyboard.press('Space');
      await expect(fall.getAttribute('aria-expanded')).resolves.toBe('true');
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
      await expect(fall.getAttribute('aria-expanded')).resolves.toBe('false');

      // Enter on a link follows it.
      await fall.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/FallTeams/Girls');
      await page.locator('h1', { hasText: 'Fall Girls Teams' }).waitFor();
      await expect(fall.getAttribute('aria-expanded')).resolves.toBe('false');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('pass axe with a menu open, and close on a click elsewhere', async () => {
    const { page, close } = await openPage();
    try {
      await gotoAndHydrate(page, '/');
      const spring = page.getByRole('button', { name: 'Spring Season' });
      await spring.click();
      await expect(page.locator('#nav-menu-spring').isVisible()).resolves.toBe(true);
      await checkA11y(page);

      // A click on the heading, at its start: the open menu covers the middle of it.
      await page.locator('h1').click({ position: { x: 10, y: 10 } });
      await expect(spring.getAttribute('aria-expanded')).resolves.toBe('false');
    } finally {
      await close();
    }
  });
});

describe('mobile sidebar', () => {
  it('opens from the hamburger button at a phone’s width and closes with Escape, focus back on the button', async () => {
    const { page, consoleErrors, close } = await openPage({ viewport: PHONE });
    try {
      await gotoAndHydrate(page, '/');
      const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
      const sidebar = page.getByRole('dialog', { name: 'Site menu' });
      await expect(page.locator('.nav-list').isVisible()).resolves.toBe(false);
      await expect(sidebar.isVisible()).resolves.toBe(false);

      await menuButton.click();
      await expect(sidebar.isVisible()).resolves.toBe(true);
      await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(sidebar.getByRole('link', { name: 'Login' }).isVisible()).resolves.toBe(true);
      // As a phone shows it, with a space between the words: the link is a flex box, whose items drop a leading
      // plain space, and it showed "Registerfor tryouts" (issue 36).
      const register = sidebar.getByRole('link', { name: 'Register for tryouts' });
      await expect(register.innerText()).resolves.toBe('Register for tryouts');
      await checkA11y(page);

      await page.keyboard.press('Escape');
      await expect(sidebar.isVisible()).resolves.toBe(false);
      await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(menuButton.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('lists the dropdowns as sections, follows a link and closes; the close button closes too', async () => {
    const { page, consoleErrors, close } = await openPage({ viewport: PHONE });
    try {
      await gotoAndHydrate(page, '/contact');
      const sidebar = page.getByRole('dialog', { name: 'Site menu' });

      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await sidebar.getByRole('button', { name: 'Spring Season' }).click();
      await sidebar.getByRole('link', { name: '17U Girls' }).click();
      await page.waitForURL('**/SpringTeams/17u-girls');
      await page.locator('h1', { hasText: 'Spring 17U Girls' }).waitFor();
      await expect(sidebar.isVisible()).resolves.toBe(false);

      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await sidebar.getByRole('button', { name: 'Close menu' }).click();
      await expect(sidebar.isVisible()).resolves.toBe(false);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('renders each page readably at a phone’s width, with no sideways scrolling', async () => {
    const { page, close } = await openPage({ viewport: PHONE });
    try {
      for (const path of ['/', '/FallTeams/Girls', '/tryout-information', '/contact', '/privacy']) {
        await gotoAndHydrate(page, path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    } finally {
      await close();
    }
  });
});

describe('desktop bar', () => {
  // The bar's links start right after the club's name and the sign-in links take the rest of the bar, so a
  // restored session moves none of the bar's links (issue 20): an administrator's Login becomes Admin and
  // Logout (Register goes); a player's becomes Dashboard and Logout beside Register, the fullest bar, which
  // must still fit beside the club's name (it used to hide the name between 80 and 90rem: 0.008).
  const accounts = [
    { who: 'an administrator', links: ['Admin'], credentials: async () => adminCredentials() },
    {
      who: 'a player',
      links: ['Register for tryouts', 'Dashboard'],
      credentials: () => verifiedPlayer('Bar'),
    },
  ];
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ]) {
    for (const { who, links, credentials } of accounts) {
      it(`moves nothing when the stored session of ${who} is restored (${viewport.width} px)`, async () => {
        const { page, consoleErrors, close } = await openPage({ viewport });
        try {
          const { email, password } = await credentials();
          await signIn(page, email, password);
          await page.waitForURL(/\/(admin|dashboard)$/);
          await recordLayoutShifts(page);
          await gotoAndHydrate(page, '/about');
          const bar = page.getByRole('navigation', { name: 'Main' });
          for (const name of links) await bar.getByRole('link', { name, exact: true }).waitFor();
          await bar.getByRole('button', { name: 'Logout' }).waitFor();
          await page.waitForLoadState('networkidle');
          expect((await layoutShifts(page)).total).toBe(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
          // The club's name is still shown beside the links (not shrunk to the logo link's name).
          const name = await bar.getByText('Summit Basketball', { exact: true }).boundingBox();
          expect(name?.width).toBeGreaterThan(80);
          // "Register" in the bar means signing up only: the tryouts link reads "Tryouts" (issue 36).
          if (links.includes('Register for tryouts')) {
            await expect(
              bar.getByRole('link', { name: 'Register for tryouts', exact: true }).innerText(),
            ).resolves.toBe('Tryouts');
          }
          expect(consoleErrors).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  }
});
