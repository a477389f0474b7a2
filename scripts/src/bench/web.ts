/**
 * The public site's speed: JavaScript bytes per public route, a minimal React 19 + react-router-dom 7 app
 * built with Vite in the same run for comparison, and Lighthouse 12 (Node API, Debian's Chromium, default
 * mobile settings: simulated slow 4G and 4x CPU), median of several runs, on:
 * - prerendered pages, each beside its no-JavaScript floor: the same HTML and CSS with every script removed,
 *   served the same way, measured in alternation with the page so both see the same machine load; their LCP
 *   and FCP are reported as a ratio to that floor;
 * - an account screen that is not prerendered (/register);
 * - a plain HTML file of the home page's text (no CSS, no images, no JavaScript), the absolute floor;
 * - and Lighthouse's accessibility (one run: it is deterministic) and performance (median of three runs)
 *   scores of every page that opens without signing in.
 * Lighthouse loads the site over HTTP/2, as CloudFront serves it (decision 57).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  ACCOUNT_PAGE_PATHS,
  PRERENDERED_PATHS,
  SIGNED_IN_FRAME_PATHS,
  prerenderedFile,
} from '@club/shared/prerendered-paths';
import {
  ACCOUNT_ROUTES_MODULE,
  FOOTER_MODULES,
  appChunks,
  entryKey,
  prerenderedPageScripts,
  readManifest,
  staticChunks,
  type Manifest,
} from '../../../web/prerender/manifest';
import { repoRoot } from '../local/config';
import { freePort } from '../local/ports';
import { createSiteHandler } from '../local/site-server';
import type { RunningStack } from '../local/stack';
import { median, type BenchRow } from './report';
import { benchPlayers } from './tryout-players';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Lighthouse runs per page; the median is reported. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** Prerendered pages measured beside their no-JavaScript floor (issue 9's goals). */
const PRERENDERED_PAGES = [
  '/',
  '/FallTeams/Girls',
  '/tryout-information',
  ...ACCOUNT_PAGE_PATHS,
  // Their frame, as a visitor without a session sees it before being sent to /login (the frame is the same
  // signed in): FCP is the frame's; LCP is /login's.
  ...SIGNED_IN_FRAME_PATHS,
] as const;
/** What shows a signed-in screen's content has arrived: the placeholder has given way. */
const FILLED: Record<(typeof SIGNED_IN_FRAME_PATHS)[number], string> = {
  '/dashboard': '.reveal-together:not([hidden])',
  '/tryout': '.tryout-card:not(:has(.tryout-loading))',
};

/** The JavaScript files of some chunks of a build. */
function jsFiles(manifest: Manifest, keys: Iterable<string>): string[] {
  return [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

function gzipFiles(dist: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
}

/** The page module whose chunk a prerendered page names among its scripts. */
function pageModuleOf(manifest: Manifest, files: string[]): string | null {
  const key = Object.keys(manifest).find(
    (k) => manifest[k]!.isDynamicEntry && k.startsWith('src/routes/') && files.includes(manifest[k]!.file),
  );
  return key ?? null;
}

function webBytes(dist: string): BenchRow[] {
  const manifest = readManifest(dist);
  const rows: BenchRow[] = [];
  const publicModules = new Set<string>();
  // A prerendered page runs on the scripts its HTML names: the inline paint-first script, and the boot
  // script and the chunks on #root (the inline script counted as if it were a file of its own).
  for (const path of PRERENDERED_PATHS) {
    const { files, inline } = prerenderedPageScripts(readFileSync(join(dist, prerenderedFile(path)), 'utf8'));
    const module = pageModuleOf(manifest, files);
    if (module) publicModules.add(module);
    rows.push({
      name: `JS loaded by ${path}`,
      value:
        gzipFiles(dist, files) + inline.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0),
      unit: 'B gz',
      note: `inline + boot + app + ${module ?? 'no page module'}`,
    });
  }
  // Screens that are not prerendered (accounts, admin) load their chunk after what the empty shell preloads:
  // the app's, the account routes' table and the short footer the account screens carry.
  const shell = staticChunks(
    manifest,
    FOOTER_MODULES.short,
    staticChunks(manifest, ACCOUNT_ROUTES_MODULE, appChunks(manifest)),
  );
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !key.startsWith('src/routes/') || publicModules.has(key)) continue;
    rows.push({
      name: `JS loaded by ${key.replace(/^src\/routes\/|\.tsx$/g, '')} screen`,
      value: gzipFiles(dist, jsFiles(manifest, staticChunks(manifest, key, new Set(shell)))),
      unit: 'B gz',
      note: `boot + app + account routes + short footer + ${key}`,
    });
  }
  return rows;
}

/** Builds a minimal React 19 + react-router-dom 7 app (two routes, a layout, links) with the same Vite. */
async function buildMinimalApp(): Promise<number> {
  const root = join(repoRoot, '.bench/minimal-app');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Minimal</title></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  writeFileSync(
    join(root, 'main.js'),
    `import { StrictMode, createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, Outlet, RouterProvider, createBrowserRouter } from 'react-router-dom';
const Layout = () => h('div', null, h('nav', null, h(Link, { to: '/' }, 'Home'), ' ', h(Link, { to: '/about' }, 'About')), h('main', null, h(Outlet)));
const router = createBrowserRouter([{ element: h(Layout), children: [{ index: true, element: h('h1', null, 'Home') }, { path: 'about', element: h('h1', null, 'About') }] }]);
createRoot(document.getElementById('root')).render(h(StrictMode, null, h(RouterProvider, { router })));
`,
  );
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      build: { outDir: join(root, 'dist'), emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const dist = join(root, 'dist');
  const manifest = readManifest(dist);
  return gzipFiles(dist, jsFiles(manifest, staticChunks(manifest, entryKey(manifest))));
}

/** A plain HTML file with the home page's text and nothing else: no CSS, no images, no JavaScript. */
function floorHtml(dist: string): string {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const body = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  const paragraphs = body
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/(h1|h2|h3|p|li|figcaption|a)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Home page text</title><meta name="description" content="The home page's text as plain HTML"></head><body>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
}

/** A prerendered page with every script taken out: no <script>, no module or script preload. */
export function withoutScripts(html: string): string {
  const stripped = html
    .replace(/[ \t]*<script\b[^>]*>[\s\S]*?<\/script>\n?/gi, '')
    .replace(
      /[ \t]*<link\b(?=[^>]*\brel="(?:modulepreload|preload)")(?=[^>]*\b(?:rel="modulepreload"|as="script"))[^>]*>\n?/gi,
      '',
    );
  if (/<script\b|modulepreload|as="script"/i.test(stripped)) {
    throw new Error('The no-JavaScript floor still asks for a script.');
  }
  return stripped;
}

/**
 * The no-JavaScript floor of each prerendered page: a copy of the build whose measured pages have every
 * script removed, so the page's own HTML, CSS and images are all that loads.
 */
function noJsFloorSite(dist: string, paths: readonly string[]): string {
  const root = join(repoRoot, '.bench/no-js-floor');
  rmSync(root, { recursive: true, force: true });
  cpSync(dist, root, { recursive: true, filter: (src) => !src.endsWith('.map') && !src.includes('/.vite') });
  for (const path of paths) {
    const file = join(root, prerenderedFile(path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, withoutScripts(readFileSync(join(dist, prerenderedFile(path)), 'utf8')));
  }
  return root;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** A certificate for localhost made for this run (Chromium is told to accept it). */
function localCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'club-bench-tls-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
        ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'],
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } catch (error) {
    throw new Error('The web bench serves over HTTPS and needs openssl to make its certificate', {
      cause: error,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Serves what Lighthouse measures over HTTP/2 with TLS, as CloudFront serves the site (HTTP/2 and 3,
 * infra/lib/stacks/web-stack.ts; decision 57). Lighthouse's simulated network models the connections it
 * sees: over HTTP/1.1 it queues a page's files six connections at a time, which no visitor meets.
 */
async function serve(
  handler: Handler,
  tls: { key: Buffer; cert: Buffer },
): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const server = createSecureServer(
    { ...tls, allowHTTP1: true },
    // The compatibility API gives the handlers the request and response they use with node:http.
    (req, res) => void handler(req as unknown as IncomingMessage, res as unknown as ServerResponse),
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `https://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface LighthouseMetrics {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Time to Interactive: the main thread is quiet, i.e. the page has hydrated and answers input. */
  tti: number;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function lighthouseResult(url: string, port: number, categories: string[]): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

function metricsOf(lhr: Result): LighthouseMetrics {
  return {
    score: (lhr.categories.performance?.score ?? 0) * 100,
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tti: lhr.audits.interactive?.numericValue ?? NaN,
  };
}

async function lighthouseRun(url: string, port: number): Promise<LighthouseMetrics> {
  return metricsOf(await lighthouseResult(url, port, ['performance']));
}

/**
 * Lighthouse's accessibility score of a page (deterministic: one run) and the audits it failed, and the
 * performance metrics of the same run.
 */
async function scoresRun(
  url: string,
  port: number,
): Promise<{ accessibility: number; failed: string[]; run: LighthouseMetrics }> {
  const lhr = await lighthouseResult(url, port, ['accessibility', 'performance']);
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  const failed = refs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id);
  return {
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    failed,
    run: metricsOf(lhr),
  };
}

/** RUNS Lighthouse runs of each URL, taking turns, so a change in the machine's load touches them all alike. */
async function lighthouseRuns(urls: string[], port: number): Promise<LighthouseMetrics[][]> {
  const results: LighthouseMetrics[][] = urls.map(() => []);
  for (let i = 0; i < RUNS; i += 1) {
    for (const [index, url] of urls.entries()) results[index]!.push(await lighthouseRun(url, port));
  }
  return results;
}

const medianOf = (runs: LighthouseMetrics[], metric: keyof LighthouseMetrics) =>
  median(runs.map((run) => run[metric]));

function metricRows(name: string, runs: LighthouseMetrics[]): BenchRow[] {
  const note = `median of ${runs.length} runs`;
  const ms = (label: string, metric: keyof LighthouseMetrics, what = note): BenchRow => ({
    name: `lighthouse ${name} ${label}`,
    value: Math.round(medianOf(runs, metric)),
    unit: 'ms',
    note: what,
  });
  return [
    { name: `lighthouse ${name} performance`, value: medianOf(runs, 'score'), unit: '/100', note },
    ms('FCP', 'fcp'),
    ms('LCP', 'lcp'),
    ms('TBT', 'tbt'),
    { name: `lighthouse ${name} CLS`, value: Number(medianOf(runs, 'cls').toFixed(3)), unit: '', note },
    ms('TTI', 'tti', `${note}; hydrated and answering input`),
  ];
}

/** A page's FCP and LCP as a ratio to its no-JavaScript floor's, and the floor's own figures. */
function floorRows(path: string, page: LighthouseMetrics[], floor: LighthouseMetrics[]): BenchRow[] {
  const note = `median of ${floor.length} runs, taking turns with the page`;
  return (['fcp', 'lcp'] as const).flatMap((metric) => {
    const label = metric.toUpperCase();
    const floorValue = medianOf(floor, metric);
    return [
      {
        name: `lighthouse ${path} no-JS floor ${label}`,
        value: Math.round(floorValue),
        unit: 'ms',
        note: `same HTML and CSS, every script removed; ${note}`,
      },
      {
        name: `lighthouse ${path} ${label} vs its no-JS floor`,
        value: Number((medianOf(page, metric) / floorValue).toFixed(2)),
        unit: 'x',
        note: 'median ÷ median',
      },
    ];
  });
}

/**
 * A signed-in reload of each frame page (issue 20's goal 2) in Chromium at a phone's size with the CPU slowed
 * 4x, as Lighthouse's mobile setting does: the frame's first paint and the time the data-filled content is
 * painted (both from the navigation's start, median of RUNS reloads), and their ratio.
 */
async function signedInRows(siteUrl: string): Promise<BenchRow[]> {
  const [player] = await benchPlayers(1, 1);
  // A browser of its own, so the CPU slowdown set here can never reach a renderer Lighthouse's tabs reuse.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${siteUrl}/`);
  await page.evaluate((token) => sessionStorage.setItem('token', token), player!.token);
  const rows: BenchRow[] = [];
  try {
    for (const path of SIGNED_IN_FRAME_PATHS) {
      const frame: number[] = [];
      const filled: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        await page.goto(`${siteUrl}${path}`);
        // Checked every frame from the page itself, so the time is the paint's, not the test's polling. (No
        // named inner functions: tsx would wrap them in a helper the page does not have.)
        const at = await page.evaluate(async (selector) => {
          while (!document.querySelector(selector))
            await new Promise((frame) => requestAnimationFrame(frame));
          return performance.now();
        }, FILLED[path]);
        const fcp = await page.evaluate(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        );
        frame.push(fcp);
        filled.push(at);
      }
      const note = `signed in, 390 px, CPU 4x slower, loopback; median of ${RUNS} reloads`;
      rows.push(
        { name: `${path} signed in: frame painted`, value: Math.round(median(frame)), unit: 'ms', note },
        {
          name: `${path} signed in: data-filled content painted`,
          value: Math.round(median(filled)),
          unit: 'ms',
          note,
        },
        {
          name: `${path} signed in: data-filled vs frame`,
          value: Number((median(filled) / median(frame)).toFixed(2)),
          unit: 'x',
          note: 'median ÷ median',
        },
      );
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Measures the site `stack` serves from web/dist (built by the caller before the stack started). */
export async function benchWeb(stack: RunningStack): Promise<BenchRow[]> {
  const dist = join(repoRoot, 'web/dist');
  const rows = webBytes(dist);

  const minimal = await buildMinimalApp();
  const home = rows.find((row) => row.name === 'JS loaded by /')!.value;
  rows.push(
    {
      name: 'JS of a minimal React 19 + router 7 app',
      value: minimal,
      unit: 'B gz',
      note: 'same Vite, built now',
    },
    {
      name: 'JS loaded by / vs the minimal app',
      value: Number((home / minimal).toFixed(3)),
      unit: 'x',
      note: `${home - minimal} B gz more`,
    },
  );

  // The site as `npm start` serves it (built SPA, prerendered pages, /api on the same origin), here over
  // HTTP/2 as CloudFront serves it; its no-JS floor served by the same handler (headers, compression) from a
  // copy without scripts; the plain text. The signed-in rows load the stack's own site.
  const tls = localCertificate();
  const { handleApiRequest } = await import('../local/api-server');
  const site = await serve(createSiteHandler(dist, handleApiRequest), tls);
  const noJsFloor = await serve(
    createSiteHandler(noJsFloorSite(dist, PRERENDERED_PAGES), async (_req, res) => {
      res.writeHead(404).end();
    }),
    tls,
  );
  const plainHtml = floorHtml(dist);
  const plain = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(plainHtml);
  }, tls);
  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      `--remote-debugging-port=${debuggingPort}`,
      // The run's own certificate (serve, above).
      '--ignore-certificate-errors',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    // The deterministic and the quick first: a mistake shows before the long Lighthouse runs.
    rows.push(...(await signedInRows(stack.siteUrl)));
    // Accessibility and performance on every page a visitor can open without signing in (issue 20's goal 4:
    // 100 both).
    const pages = PRERENDERED_PATHS;
    const below = { accessibility: [] as string[], performance: [] as string[] };
    for (const path of pages) {
      const url = `${site.url}${path}`;
      const scores = await scoresRun(url, debuggingPort);
      // Performance moves with the machine's load from run to run (a busy moment's long task is blocking time):
      // the median of three runs, as the pages below report the median of five.
      const runs = [
        scores.run,
        await lighthouseRun(url, debuggingPort),
        await lighthouseRun(url, debuggingPort),
      ];
      const middle = runs.sort((a, b) => a.score - b.score)[1]!;
      const performance = Math.round(middle.score);
      if (scores.accessibility < 100) below.accessibility.push(path);
      if (performance < 100) below.performance.push(path);
      rows.push(
        {
          name: `lighthouse ${path} accessibility`,
          value: scores.accessibility,
          unit: '/100',
          note:
            scores.failed.length > 0
              ? `failed: ${scores.failed.join(', ')}`
              : 'one run (the audit is deterministic)',
        },
        {
          name: `lighthouse ${path} performance`,
          value: performance,
          unit: '/100',
          note:
            `mobile; median of 3 runs (that run: LCP ${Math.round(middle.lcp)} ms, ` +
            `TBT ${Math.round(middle.tbt)} ms, CLS ${middle.cls.toFixed(3)})`,
        },
      );
    }
    for (const category of ['accessibility', 'performance'] as const) {
      const paths = below[category];
      rows.push({
        name: `pages under Lighthouse ${category} 100`,
        value: paths.length,
        unit: 'pages',
        note: `of ${pages.length}; goal 0${paths.length > 0 ? `: ${paths.join(', ')}` : ''}`,
      });
    }
    for (const path of PRERENDERED_PAGES) {
      const [page, floor] = await lighthouseRuns(
        [`${site.url}${path}`, `${noJsFloor.url}${path}`],
        debuggingPort,
      );
      rows.push(...metricRows(path, page!), ...floorRows(path, page!, floor!));
    }
    const [text] = await lighthouseRuns([`${plain.url}/`], debuggingPort);
    rows.push(...metricRows('floor (plain HTML of the home text)', text!));
  } finally {
    await browser.close();
    await Promise.all([site.close(), noJsFloor.close(), plain.close()]);
  }
  return rows;
}
