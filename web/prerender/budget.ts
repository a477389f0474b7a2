/**
 * The public site's byte budgets, read from a build's output (web/dist) without a browser: the JavaScript `/`
 * loads, and which modules the public pages' chunks contain (from their source maps). `npm run budget` checks
 * them right after a build (check-budget.ts); the public-budget browser-run test holds the same checks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appChunks, prerenderedPageScripts, readManifest, staticChunks, type Manifest } from './manifest';

/**
 * The budget for all the JavaScript `/` loads, gzip-compressed (docs/decisions/0028-paint-before-javascript.md):
 * 1.15x the minimal React 19 + React Router 7 app the bench builds (96,967 B; issue 20).
 */
export const HOME_JS_BUDGET_BYTES = 111_500;

/** Public page modules (src/routes) and the route ids that name them. */
export const PUBLIC_PAGE_MODULES = [
  'home',
  'about',
  'fall-teams',
  'fall-team-detail',
  'spring-teams',
  'spring-team-detail',
  'winter-programming',
  'training',
  'tournaments',
  'tryouts-closed',
  'tryout-information',
  'sponsorship',
  'testimonials',
  'contact',
  'privacy',
  'terms',
  'payment-success',
  'payment-cancelled',
  'not-found',
];

/**
 * Code that must never reach a public page: the account, dashboard and admin screens, their route table, guards and
 * forms, the form schemas (and valibot), the API's route table, and the Sentry SDK. The session itself (restoring a
 * stored sign-in for the navigation's Login/Dashboard) is shared chrome and allowed.
 */
export const FORBIDDEN: RegExp[] = [
  // Their route table too: the browser adds it when a path needs it (app/account-route-discovery.ts).
  /\/src\/app\/account-routes\.tsx$/,
  /\/src\/routes\/(login|register|check-email|verify-notice|email-confirmed|forgot-password|reset-password|verify-email|dashboard|admin|tryout)\.tsx$/,
  /\/src\/routes\/admin[-/]/,
  /\/src\/features\/(admin|tryouts|dashboard)\//,
  /\/src\/features\/[^/]+\/(require-session|.*-form)\.tsx$/,
  /\/shared\/src\/schemas\.ts$/,
  // The API's route table, whole or any area of it: a public page reads its paths from public-paths.ts.
  /\/shared\/src\/routes(\/[^/]+)?\.ts$/,
  /\/node_modules\/valibot\//,
  /\/node_modules\/@sentry\//,
];

/**
 * What `/` must not carry beyond FORBIDDEN: the product's constants (constants.ts); the few its chrome reads
 * are page-constants.ts. A public page that shows one (e.g. /tryout-information's check-in minutes) may load it.
 */
export const HOME_FORBIDDEN: RegExp[] = [/\/shared\/src\/constants\.ts$/];

export function gzipSize(dir: string, file: string): number {
  return gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
}

/** The modules a JavaScript file was built from, per its source map ('/src/…', '/node_modules/…'). */
export function sources(dir: string, file: string): string[] {
  // Facade chunks (a re-export, the bundler's runtime) have no map: nothing of ours is in them.
  if (!file.endsWith('.js') || !existsSync(join(dir, `${file}.map`))) return [];
  const map = JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources.map((s) => s.replace(/^(\.\.\/)+/, '/'));
}

/** The JavaScript files a page loads to run: the boot entry's and the app's graphs plus its own page chunk's. */
export function pageFiles(manifest: Manifest, module: string): string[] {
  const chunks = appChunks(manifest);
  staticChunks(manifest, `src/routes/${module}.tsx`, chunks);
  return [...chunks].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** All the JavaScript `/` loads, as its HTML names it: the inline paint-first script and the files on #root. */
export function homeJavaScript(dist: string): { files: string[]; inline: string[]; gzipBytes: number } {
  const { files, inline } = prerenderedPageScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
  const gzipBytes =
    files.reduce((sum, file) => sum + gzipSize(dist, file), 0) +
    inline.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0);
  return { files, inline, gzipBytes };
}

/** The modules of a public page's chunks that match one of `patterns`. */
export function modulesMatching(
  dist: string,
  manifest: Manifest,
  module: string,
  patterns: RegExp[],
): string[] {
  return pageFiles(manifest, module)
    .flatMap((file) => sources(dist, file))
    .filter((source) => patterns.some((pattern) => pattern.test(source)));
}

/** Every budget broken by the build in `dist`, in words (none: in budget), and what `/` loads. */
export function budgetProblems(dist: string): { problems: string[]; homeBytes: number } {
  const manifest = readManifest(dist);
  const home = homeJavaScript(dist);
  const problems: string[] = [];
  if (home.gzipBytes > HOME_JS_BUDGET_BYTES) {
    problems.push(
      `/ loads ${home.gzipBytes} B gzip of JavaScript, over its ${HOME_JS_BUDGET_BYTES} B budget`,
    );
  }
  const missing = pageFiles(manifest, 'home').filter((file) => !home.files.includes(file));
  if (missing.length) problems.push(`/'s HTML does not name ${missing.join(', ')}`);
  for (const module of PUBLIC_PAGE_MODULES) {
    if (!manifest[`src/routes/${module}.tsx`]?.isDynamicEntry)
      problems.push(`public page ${module} is not its own chunk`);
    for (const found of modulesMatching(dist, manifest, module, FORBIDDEN)) {
      problems.push(`public page ${module} loads ${found}`);
    }
  }
  for (const found of modulesMatching(dist, manifest, 'home', HOME_FORBIDDEN))
    problems.push(`/ loads ${found}`);
  return { problems, homeBytes: home.gzipBytes };
}
