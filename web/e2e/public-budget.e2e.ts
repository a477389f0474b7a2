/**
 * Byte budgets of the public site, read from the build the e2e setup made (web/dist) with the checks
 * `npm run budget` runs after a build without a browser (prerender/budget.ts): the JavaScript `/`
 * loads, and which modules the public pages' chunks contain (from their source maps). A second build with a
 * Sentry DSN shows the SDK stays out of the first JavaScript.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  budgetProblems,
  FORBIDDEN,
  gzipSize,
  HOME_FORBIDDEN,
  HOME_JS_BUDGET_BYTES,
  modulesMatching,
  pageFiles,
  PUBLIC_PAGE_MODULES,
  sources,
} from '../prerender/budget';
import { prerenderedPageScripts, readManifest } from '../prerender/manifest';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webDir, 'dist');

describe('public site budgets', () => {
  it('keeps all the JavaScript / loads within 111.5 KB gzip', () => {
    const manifest = readManifest(dist);
    // What the page's HTML names: its inline paint-first script, the boot script and the app's and the
    // page's chunks on #root.
    const { files, inline } = prerenderedPageScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
    expect(files).toEqual(expect.arrayContaining(pageFiles(manifest, 'home')));
    expect(inline).toHaveLength(1);
    const total =
      files.reduce((sum, file) => sum + gzipSize(dist, file), 0) + gzipSync(inline[0]!, { level: 9 }).length;

    expect(files.length).toBeGreaterThan(1);
    expect(total, `/ loads ${total} B gzip of JavaScript: ${files.join(', ')}`).toBeLessThanOrEqual(111_500);
    expect(HOME_JS_BUDGET_BYTES).toBe(111_500);
  });

  it('keeps the API’s route table and the product’s constants out of what / loads', () => {
    const manifest = readManifest(dist);
    const home = pageFiles(manifest, 'home').flatMap((file) => sources(dist, file));

    expect(home.filter((source) => /\/shared\/src\/(routes|constants)(\/.*)?\.ts$/.test(source))).toEqual([]);
    // What its chrome reads instead: the spinner's and the stored sign-in's constants, the season's path.
    expect(home).toEqual(
      expect.arrayContaining(['/shared/src/page-constants.ts', '/shared/src/public-paths.ts']),
    );
    expect(modulesMatching(dist, manifest, 'home', HOME_FORBIDDEN)).toEqual([]);
  });

  it('finds the build in budget the way `npm run budget` checks it, without a browser', () => {
    expect(budgetProblems(dist).problems).toEqual([]);
  });

  it('names a footer’s chunk on the pages that show it, and neither on /, which shows none', () => {
    const modulesOf = (page: string) =>
      prerenderedPageScripts(readFileSync(join(dist, page), 'utf8')).files.flatMap((file) =>
        sources(dist, file),
      );
    const footer = (modules: string[]) =>
      modules.filter((m) => /\/src\/components\/(short-)?footer\.tsx$/.test(m));

    expect(footer(modulesOf('index.html'))).toEqual([]);
    expect(footer(modulesOf('about/index.html'))).toEqual(['/src/components/footer.tsx']);
    expect(footer(modulesOf('FallTeams/Girls/index.html'))).toEqual(['/src/components/footer.tsx']);
    expect(footer(modulesOf('login/index.html'))).toEqual(['/src/components/short-footer.tsx']);
    expect(footer(modulesOf('tryout-information/index.html'))).toEqual([]);
  });

  it('keeps account, dashboard and admin code out of every public page’s chunks', () => {
    const manifest = readManifest(dist);
    for (const module of PUBLIC_PAGE_MODULES) {
      expect(manifest[`src/routes/${module}.tsx`]?.isDynamicEntry, `${module} is its own chunk`).toBe(true);
      const found = modulesMatching(dist, manifest, module, FORBIDDEN);
      expect(found, `public page ${module} would load account code`).toEqual([]);
    }
  });

  it('still builds the account screens, as chunks of their own (so the check above sees real code)', () => {
    const manifest = readManifest(dist);
    const lazy = Object.values(manifest)
      .filter((chunk) => chunk.isDynamicEntry)
      .flatMap((chunk) => sources(dist, chunk.file));
    expect(lazy.some((source) => /\/src\/routes\/login\.tsx$/.test(source))).toBe(true);
    expect(lazy.some((source) => /\/src\/routes\/admin\.tsx$/.test(source))).toBe(true);
  });

  describe('with a Sentry DSN configured', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'club-web-sentry-'));
    afterAll(() => rmSync(outDir, { recursive: true, force: true }));

    it('loads the Sentry SDK in a chunk of its own, after first paint, never in the first JavaScript', async () => {
      const { build } = await import('vite');
      const before = { dsn: process.env.VITE_SENTRY_DSN, nodeEnv: process.env.NODE_ENV };
      process.env.VITE_SENTRY_DSN = 'https://public@o0.ingest.sentry.io/0';
      // A production build, as npm run build makes (vitest itself runs with NODE_ENV=test).
      process.env.NODE_ENV = 'production';
      try {
        await build({
          root: webDir,
          configFile: join(webDir, 'vite.config.ts'),
          mode: 'production',
          logLevel: 'silent',
          build: { outDir, emptyOutDir: true },
        });
      } finally {
        if (before.dsn === undefined) delete process.env.VITE_SENTRY_DSN;
        else process.env.VITE_SENTRY_DSN = before.dsn;
        process.env.NODE_ENV = before.nodeEnv;
      }
      expect(existsSync(join(outDir, '.vite/manifest.json'))).toBe(true);
      const manifest = readManifest(outDir);

      const withSentry = Object.values(manifest).filter((chunk) =>
        sources(outDir, chunk.file).some((source) => source.includes('/node_modules/@sentry/')),
      );
      expect(withSentry.length).toBeGreaterThan(0);
      const home = pageFiles(manifest, 'home');
      for (const chunk of withSentry) expect(home).not.toContain(chunk.file);
      const total = home.reduce((sum, file) => sum + gzipSize(outDir, file), 0);
      expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
    });
  });
});
