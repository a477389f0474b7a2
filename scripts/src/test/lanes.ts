/**
 * `npm test`'s test run in two lanes at once: the browser journeys (one file at a time, as they must) in one
 * vitest process, every other project in another. Vitest runs a project that turns file parallelism off
 * after all the others, alone, so in one process the journeys' ~12 minutes left a core idle at the end of
 * every run. Each lane's output is shown as it comes (the journeys' lines marked), and the run ends, as CI
 * reads it, with one line that adds the lanes up: a lane that failed or gave no count fails the run.
 *
 * Usage: tsx scripts/src/test/lanes.ts [vitest arguments given to both lanes, e.g. --root <dir>]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { SUMMARY_FILE_ENV, type RunSummary } from './summary-reporter';

const vitestBin = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));

/** The lanes: the journeys alone, and the rest. */
export const LANES = [
  { name: 'e2e', project: 'e2e', mark: 'e2e │ ' },
  { name: 'rest', project: '!e2e', mark: '' },
] as const;

interface LaneOutcome {
  code: number | null;
  summary: RunSummary | null;
}

function runLane(lane: (typeof LANES)[number], extra: readonly string[], dir: string): Promise<LaneOutcome> {
  const summaryFile = join(dir, `${lane.name}.json`);
  const child = spawn(process.execPath, [vitestBin, 'run', `--project=${lane.project}`, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, [SUMMARY_FILE_ENV]: summaryFile },
  });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: from }).on('line', (line) => to.write(`${lane.mark}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      let summary: RunSummary | null = null;
      try {
        summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary;
      } catch {
        // No count: the lane did not get as far as the end of its run.
      }
      resolve({ code, summary });
    });
  });
}

/** The one line the run ends with, and whether the run passed. */
export function combine(outcomes: readonly LaneOutcome[]): { line: string; passed: boolean } {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const { code, summary } of outcomes) {
    passed += summary?.passed ?? 0;
    skipped += summary?.skipped ?? 0;
    // A lane that crashed or exited non-zero with no failing test still fails the run, counted once.
    const laneFailed = summary?.failed ?? 0;
    failed += code !== 0 && laneFailed === 0 ? 1 : laneFailed;
  }
  return {
    line: `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
    passed: failed === 0,
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'club-lanes-'));
  const outcomes = await Promise.all(LANES.map((lane) => runLane(lane, process.argv.slice(2), dir)));
  const { line, passed } = combine(outcomes);
  process.stdout.write(`\n${line}\n`);
  process.exit(passed ? 0 : 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) void main();
