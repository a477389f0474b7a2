/**
 * `npm run bench`: builds what ships and measures it — JavaScript per route and Lighthouse against a
 * static-HTML floor, each Lambda's bundle and cold init, API latency under load on the local stack, and the
 * admin area: its table's search and filters in Chromium, the tryout list and result mail for 1,000
 * registrants, team money (issue 46: the treasurer's view and CSV of 2,000 registrations, the bank's
 * e-Transfer file of 2,000 lines imported twice, the instalment sweep over 300 due instalments on the Stripe
 * stand-in; scripts/src/bench/money.ts), and tryout night (issue 37).
 * `npm run bench -- web|lambdas|api|admin|money|night` runs only those sections. Prints a table and writes
 * .bench/latest.json; a money check that fails (figures that do not add up, a second import that changed
 * something) exits 1.
 *
 * `npm run bench -- registration-night [--families 2000] [--window 600] [--card 0.6]` (issue 43) runs only
 * when named: it takes the window's length and more, and checks the night's outcome (exits 1 on a failure).
 */
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../local/config';
import type { RunningStack } from '../local/stack';
import { benchAdmin } from './admin';
import { benchAdminTable } from './admin-table';
import { benchApi } from './api';
import { benchLambdas } from './lambdas';
import { benchMoney } from './money';
import { benchTryoutNight } from './tryout-night';
import { benchRegistrationNight } from './registration-night';
import { parseNightOptions, type Check } from './registration-night-plan';
import { printTable, writeJson, type BenchRow } from './report';
import { startBenchStack } from './stack';
import { benchWeb } from './web';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

type Section = { title: string; rows: BenchRow[] };

/** Checks as table rows: 1 pass or 0 FAIL, with what was seen. */
const checkRows = (checks: readonly Check[]): BenchRow[] =>
  checks.map((c) => ({ name: c.name, value: c.ok ? 1 : 0, unit: c.ok ? 'pass' : 'FAIL', note: c.detail }));

async function measure(
  wanted: (name: string) => boolean,
  stack: RunningStack | null,
  sections: Section[],
  checks: Check[],
): Promise<Section[]> {
  if (stack && wanted('web')) {
    console.log('Building a minimal React app to compare, and running Lighthouse…');
    sections.push({
      title: 'Web: JavaScript per route (gzip) and Lighthouse (mobile)',
      rows: await benchWeb(stack),
    });
  }
  if (wanted('lambdas')) {
    console.log('Bundling each Lambda and timing cold init…');
    const rows = await benchLambdas(join(repoRoot, '.bench/lambdas'));
    sections.push({ title: 'Lambdas: bundle and cold init', rows });
  }
  if (stack && wanted('api')) {
    console.log('Loading the local API…');
    sections.push({ title: 'API on the local stack', rows: await benchApi(stack) });
  }
  if (stack && wanted('admin')) {
    const rate = Number(process.env.RESULT_MAIL_SEND_RATE);
    console.log(`Timing the admin table and result mail for 1,000 registrants at ${rate}/s…`);
    sections.push({ title: 'Admin on the local stack', rows: await benchAdmin(stack, rate) });
  }
  if (stack && wanted('money')) {
    console.log('Timing team money: the treasurer’s view, the e-Transfer import, the instalment sweep…');
    const money = await benchMoney(stack);
    sections.push({ title: 'Team money on the local stack', rows: money.rows });
    checks.push(...money.checks);
    sections.push({ title: 'Team money: checks', rows: checkRows(money.checks) });
  }
  // Last: it makes a season of its own the active one.
  if (stack && wanted('night')) {
    console.log('Timing tryout night: score taps offline, sending on reconnect, scans…');
    sections.push({ title: 'Tryout night on the local stack', rows: await benchTryoutNight(stack) });
  }
  if (stack && wanted('registration-night')) {
    const night = await benchRegistrationNight(stack, parseNightOptions(process.argv.slice(2)));
    sections.push({ title: night.title, rows: night.rows });
    checks.push(...night.checks);
    sections.push({ title: 'Registration night: checks', rows: checkRows(night.checks) });
  }
  return sections;
}

async function main(): Promise<void> {
  // Section names; `--families 2000` and the like are the registration night's options.
  const only = process.argv
    .slice(2)
    .filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
  const wanted = (name: string) =>
    only.includes(name) || (only.length === 0 && name !== 'registration-night');
  if (wanted('web') || wanted('admin') || wanted('night')) {
    // Built before the stack starts, since the stack serves web/dist.
    console.log('Building the site…');
    execSync('npm run build -w web', { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const sections: Section[] = [];
  if (wanted('admin')) {
    // Before the stack starts: the table needs only the built site (its API answers are fixtures), and a
    // stack starting or busy beside the browser slowed its key presses by half again.
    console.log('Timing the admin table’s search and filters with 1,000 rows in Chromium…');
    sections.push({
      title: 'Admin table in Chromium: filter and search interaction time',
      rows: await benchAdminTable(),
    });
  }
  // One stack for the whole run: handlers keep their clients for the life of the process, as in Lambda.
  const stack = ['web', 'api', 'admin', 'money', 'night', 'registration-night'].some(wanted)
    ? await startBenchStack()
    : null;
  const checks: Check[] = [];
  try {
    await measure(wanted, stack, sections, checks);
  } finally {
    await stack?.stop();
  }
  printTable(sections);
  const file = writeJson(join(repoRoot, '.bench'), sections);
  console.log(`\nWritten ${file}`);
  const failed = checks.filter((c) => !c.ok);
  if (failed.length) {
    console.error(
      `\n${failed.length} check${failed.length > 1 ? 's' : ''} failed: ${failed.map((c) => c.name).join('; ')}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`Bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
