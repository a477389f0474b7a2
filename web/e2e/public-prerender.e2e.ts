/**
 * The prerendered pages: each public route's HTML, fetched with no JavaScript at all, already holds its
 * heading, facts, title, description and social preview tags, and a browser with scripts off shows it.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS } from '@club/shared/prerendered-paths';
import { openPage, siteUrl } from './harness';
import { collapse, gotoAndHydrate, PUBLIC_PAGES, visibleText } from './public-expectations';

async function fetchPage(path: string): Promise<{ html: string; csp: string }> {
  const res = await fetch(`${siteUrl()}${path}`);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  return { html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
}

async function fetchHtml(path: string): Promise<string> {
  return (await fetchPage(path)).html;
}

/** The CSP source allowing an inline script with this exact text. */
function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function attribute(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}

describe('prerendered HTML', () => {
  it('covers every public page the spec lists', () => {
    expect(Object.keys(PUBLIC_PAGES).sort()).toEqual([...PUBLIC_PAGE_PATHS].sort());
  });

  for (const [path, expected] of Object.entries(PUBLIC_PAGES)) {
    it(`${path} has its heading, facts and head tags before any script runs`, async () => {
      const { html, csp } = await fetchPage(path);
      const root = html.slice(html.indexOf('<div id="root"'));

      expect(root.startsWith(`<div id="root" data-prerendered-path="${path}" `)).toBe(true);
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? '';
      expect(visibleText(h1).trim()).toBe(expected.heading);
      const text = visibleText(root);
      for (const fact of [...expected.facts, ...(expected.prerenderedFacts ?? [])]) {
        expect(text, `${path} should say "${fact}"`).toContain(fact);
      }
      for (const claim of [...(expected.liveFacts ?? []), ...(expected.notPrerendered ?? [])]) {
        expect(text, `${path} must not say "${claim}" before it runs`).not.toContain(claim);
      }

      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      expect(visibleText(title)).toMatch(/ \| Edmonton Summit Basketball Club$/);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(attribute(html, /<meta name="description" content="([^"]{40,})"/)).toBeDefined();
      expect(attribute(html, /<meta property="og:title" content="([^"]+)"/)).toBe(title);
      expect(attribute(html, /<meta property="og:url" content="([^"]+)"/)).toBe(
        `https://www.summitbasketball.ca${path}`,
      );
      expect(attribute(html, /<meta property="og:image" content="([^"]+)"/)).toMatch(/^https:\/\/.+\.jpg$/);
      expect(attribute(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
      // The first paint waits on no script file: the page's one script is inline (the paint-first script,
      // which the served CSP allows by its hash), and nothing is preloaded for the app before the paint.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.map(([, attributes]) => attributes)).toEqual([' type="module"']);
      expect(csp).toContain(scriptHash(scripts[0]![2]!));
      expect(html).not.toMatch(
        /rel="modulepreload"|rel="preload"[^>]* as="script"|as="script"[^>]* rel="preload"/,
      );
      // The boot script and the app's and the page's chunks, which the paint-first script asks for once
      // the page has painted.
      expect(root).toMatch(/^<div id="root" [^>]*data-boot="\/assets\/[^" ]+\.js"/);
      expect(root).toMatch(/^<div id="root" [^>]*data-page-chunks="(\/assets\/[^" ]+\.js ?)+"/);
    });
  }

  it('gives each page a title and description of its own', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of Object.keys(PUBLIC_PAGES)) {
      const html = await fetchHtml(path);
      titles.add(/<title>([^<]*)<\/title>/.exec(html)![1]!);
      descriptions.add(attribute(html, /<meta name="description" content="([^"]+)"/)!);
    }
    expect(titles.size).toBe(Object.keys(PUBLIC_PAGES).length);
    expect(descriptions.size).toBe(Object.keys(PUBLIC_PAGES).length);
  });

  it('serves the social preview image, the sitemap and robots.txt', async () => {
    const image = await fetch(`${siteUrl()}/og-image.jpg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    const sitemap = await (await fetch(`${siteUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>https://www.summitbasketball.ca/FallTeams/Girls</loc>');
    expect(sitemap).not.toContain('/payment/');

    const robots = await (await fetch(`${siteUrl()}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: https://www.summitbasketball.ca/sitemap.xml');
  });

  it('shows a page in a browser with JavaScript turned off, with no spinner in the way', async () => {
    const { page, close } = await openPage({ javaScriptEnabled: false });
    try {
      await page.goto('/FallTeams/Girls');

      await expect(page.locator('h1').innerText()).resolves.toBe('Fall Girls Teams');
      const text = collapse(await page.locator('main').innerText());
      expect(text).toContain('$750 per athlete');
      const spinnerOpacity = await page
        .locator('.page-spinner')
        .evaluate((el) => getComputedStyle(el).opacity);
      expect(spinnerOpacity).toBe('0');
      await expect(page.locator('footer.site-footer').isVisible()).resolves.toBe(true);
      // Links work without scripts: they are plain links to prerendered pages.
      await page.getByRole('link', { name: 'Team Registration' }).click();
      await page.waitForURL('**/tryout-information');
      await expect(page.locator('h1').innerText()).resolves.toBe('Tryout Information');
    } finally {
      await close();
    }
  });
});

describe('prerendered pages under the Content-Security-Policy', () => {
  /**
   * Scripts from the site and one inline script by its hash (no 'unsafe-inline'), no plugins, never framed:
   * the policy, word for word.
   */
  const POLICY =
    "default-src 'self'; script-src 'self' 'sha256-eNOQtk8wf+EvZCtXpsV4zUK+7lD0JVoCYm6fa7JuMZw='; " +
    "style-src 'self'; img-src 'self' data:; " +
    "connect-src 'self' https://*.ingest.sentry.io https://*.ingest.us.sentry.io; " +
    "frame-ancestors 'none'; form-action 'self' https://checkout.stripe.com; base-uri 'self'; " +
    "object-src 'none'";

  it('serves every prerendered page and the shell with the policy, and with nothing in them it would refuse', async () => {
    for (const path of [...Object.keys(PUBLIC_PAGES), '/login']) {
      const res = await fetch(`${siteUrl()}${path}`);
      const html = await res.text();

      expect(res.headers.get('content-security-policy'), path).toBe(POLICY);
      // script-src: every script is a file of the site, but for the one inline script the policy names by
      // its hash (the paint-first script); nothing else is written into the page
      for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        if (body === '') expect(attributes, path).toMatch(/\ssrc="\/assets\/[^"]+\.js"/);
        else expect(scriptHash(body!), path).toBe("'sha256-eNOQtk8wf+EvZCtXpsV4zUK+7lD0JVoCYm6fa7JuMZw='");
      }
      // style-src 'self': no <style> element and no style attribute
      expect(html, path).not.toMatch(/<style\b|<[^>]+\sstyle=/i);
      // Inline event handlers are inline script
      expect(html, path).not.toMatch(/<[^>]+\son[a-z]+=/i);
      // object-src 'none', and no page-level policy that could loosen the header
      expect(html, path).not.toMatch(/<object\b|<embed\b|http-equiv="content-security-policy"/i);
    }
  });

  it('hydrates prerendered pages in Chromium without a single policy violation', async () => {
    const { page, consoleErrors, close } = await openPage();
    try {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });

      for (const path of ['/', '/FallTeams/Girls']) {
        await gotoAndHydrate(page, path);
        const violations = await page.evaluate(
          () => (window as unknown as { cspViolations: string[] }).cspViolations,
        );

        expect(violations, path).toEqual([]);
      }
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
