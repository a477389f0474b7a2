import { describe, expect, it } from 'vitest';
import { openPage, siteUrl } from './harness';

describe('the local stack', () => {
  it('serves the home page in Chromium', async () => {
    const { page, consoleErrors, close } = await openPage();

    const response = await page.goto('/');

    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toBe(
      'Elite coaching for every athlete, regardless of finances',
    );
    expect(consoleErrors).toEqual([]);
    await close();
  });

  it('answers /api/seasons/active through the site origin with the seeded season', async () => {
    const res = await fetch(`${siteUrl()}/api/seasons/active`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const season = (await res.json()) as { name: string; is_active: boolean };
    expect(season).toMatchObject({ name: 'Fall 2025 Tryouts', is_active: true });
  });

  it('answers an unknown API path with a JSON 404, never the SPA page', async () => {
    const res = await fetch(`${siteUrl()}/api/no-such-endpoint`);

    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not Found' });
  });

  it('serves screens that are not prerendered from the empty shell, so no other page flashes first', async () => {
    const home = await (await fetch(`${siteUrl()}/`)).text();
    const account = await fetch(`${siteUrl()}/account`);
    const html = await account.text();

    expect(account.status).toBe(200);
    expect(home).toContain('data-prerendered-path="/"');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-prerendered-path');
    expect(html).toContain('<meta name="robots" content="noindex"');
  });
});
