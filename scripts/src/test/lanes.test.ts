/**
 * `npm test` runs the journeys' lane beside the rest (lanes.ts): the run's last line must add both lanes up,
 * and a failure in either lane must fail the run, as CI reads it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { combine } from './lanes';

const lanes = fileURLToPath(new URL('./lanes.ts', import.meta.url));
const reporter = fileURLToPath(new URL('./summary-reporter.ts', import.meta.url));
const tsxCli = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

const PASS = "import { it } from 'vitest';\nit('passes', () => {});\n";
const FAIL = "import { expect, it } from 'vitest';\nit('fails', () => expect(1).toBe(2));\n";

/** Runs the lanes over two projects, `e2e` and `unit`, made of the given files. */
function runLanes(files: { e2e: string[]; unit: string[] }): { status: number | null; lines: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'club-lanes-test-'));
  for (const project of ['e2e', 'unit'] as const) {
    mkdirSync(join(root, project));
    files[project].forEach((code, i) => writeFileSync(join(root, project, `f${i}.test.ts`), code));
  }
  writeFileSync(
    join(root, 'vitest.config.mjs'),
    `export default { test: { projects: [
      { test: { name: 'e2e', include: ['e2e/*.test.ts'] } },
      { test: { name: 'unit', include: ['unit/*.test.ts'] } },
    ] } };\n`,
  );
  const run = spawnSync(process.execPath, [tsxCli, lanes, '--root', root, `--reporter=${reporter}`], {
    encoding: 'utf8',
  });
  return { status: run.status, lines: run.stdout.trim().split('\n') };
}

describe('the test lanes', () => {
  it('end with one line adding both lanes up, and pass when both pass', () => {
    const { status, lines } = runLanes({ e2e: [PASS], unit: [PASS, PASS] });
    expect(lines.at(-1)).toBe('3 passed, 0 failed');
    expect(status).toBe(0);
    // The journeys' lines are marked, so a reader can tell the lanes apart.
    expect(lines.filter((l) => l.startsWith('e2e │ ') && l.endsWith('1 passed, 0 failed'))).toHaveLength(1);
  }, 120_000);

  it('fail the run when only the journeys fail, and when only the rest fails', () => {
    const e2eFails = runLanes({ e2e: [FAIL], unit: [PASS] });
    expect(e2eFails.lines.at(-1)).toBe('1 passed, 1 failed');
    expect(e2eFails.status).toBe(1);

    const restFails = runLanes({ e2e: [PASS], unit: [PASS, FAIL] });
    expect(restFails.lines.at(-1)).toBe('2 passed, 1 failed');
    expect(restFails.status).toBe(1);
  }, 120_000);

  it('count a lane that crashed before counting as a failure, never a quiet pass', () => {
    expect(
      combine([
        { code: 1, summary: null },
        { code: 0, summary: { passed: 5, failed: 0, skipped: 0 } },
      ]),
    ).toEqual({ line: '5 passed, 1 failed', passed: false });
    expect(
      combine([
        { code: 0, summary: { passed: 2, failed: 0, skipped: 1 } },
        { code: 0, summary: { passed: 5, failed: 0, skipped: 0 } },
      ]),
    ).toEqual({ line: '7 passed, 0 failed, 1 skipped', passed: true });
  });
});
