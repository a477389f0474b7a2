/**
 * What every browser journey needs: the local stack's address, a Chromium page that records console
 * errors, an accessibility check, and the mail inbox.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const require = createRequire(import.meta.url);

/** A journey's own stack (see e2e-stack.ts), used instead of the shared one by every helper here. */
let ownStack: { siteUrl: string; mailUrl: string } | undefined;
export function useOwnStack(stack: { siteUrl: string; mailUrl: string } | undefined): void {
  ownStack = stack;
}

export function siteUrl(): string {
  return ownStack?.siteUrl ?? inject('siteUrl');
}
export function mailUrl(): string {
  return ownStack?.mailUrl ?? inject('mailUrl');
}
export function adminCredentials(): { email: string; password: string } {
  return { email: inject('adminEmail'), password: inject('adminPassword') };
}

let browser: Promise<Browser> | undefined;

/** One Chromium per test file; a missing browser fails the run (it is never a skip). */
function getBrowser(): Promise<Browser> {
  browser ??= chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return browser;
}

afterAll(async () => {
  if (browser) await (await browser).close();
  browser = undefined;
});

export interface OpenedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  consoleErrors: string[];
  close(): Promise<void>;
}

/**
 * Chromium logs every 4xx answer as a failed resource load. GET /api/tryouts/my answering 404 is how the API
 * says "not registered yet" (spec §7), which the dashboard and /tryout ask on every visit, so that one line is
 * not an error; any other failed load still is.
 */
function isNotRegisteredAnswer(line: string): boolean {
  return /status of 404\b/.test(line) && /\/api\/tryouts\/my\]$/.test(line);
}

export async function openPage(
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<OpenedPage> {
  const context = await (
    await getBrowser()
  ).newContext({
    baseURL: siteUrl(),
    viewport: options.viewport ?? { width: 1280, height: 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    const line = `${msg.text()} [${msg.location().url}]`;
    if (msg.type() === 'error' && !isNotRegisteredAnswer(line)) consoleErrors.push(line);
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, consoleErrors, close: () => context.close() };
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page; throws listing every violation. */
export async function checkA11y(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') rightly refuses inline scripts.
  await page.evaluate(axeSource);
  // Let entrance animations (a toast fading in) end first: axe reads colours mid-fade as low contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe.run();
    return result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  });
  if (violations.length)
    throw new Error(`Accessibility violations on ${page.url()}:\n${violations.join('\n')}`);
}

export interface InboxMail {
  messageId: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/** Messages the SES emulator holds for an address, oldest first. */
export async function inbox(address: string): Promise<InboxMail[]> {
  const res = await fetch(`${mailUrl()}/store`);
  const { emails } = (await res.json()) as { emails: InboxMail[] };
  return emails.filter((e) =>
    e.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())),
  );
}
