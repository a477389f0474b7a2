/**
 * The run's last line is what CI reads: a file whose setup failed must count as a failure there, however its
 * tests were reported (skipped, since they never ran).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const reporter = fileURLToPath(new URL('./summary-reporter.ts', import.meta.url));
const vitestBin = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));

function lastLine(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'club-summary-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  let out: string;
  try {
    out = execFileSync(process.execPath, [vitestBin, 'run', '--root', root, `--reporter=${reporter}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  return out.trim().split('\n').at(-1) ?? '';
}

describe('the run’s summary line', () => {
  it('counts a file whose beforeAll threw as failed, not as a quiet 0', () => {
    const line = lastLine({
      'broken.test.ts':
        "import { beforeAll, it } from 'vitest';\nbeforeAll(() => { throw new Error('setup'); });\nit('a', () => {});\nit('b', () => {});\n",
      'fine.test.ts': "import { it } from 'vitest';\nit('c', () => {});\n",
    });
    expect(line).toBe('1 passed, 1 failed, 2 skipped');
  }, 60_000);

  it('counts each failing test once', () => {
    const line = lastLine({
      'two.test.ts':
        "import { expect, it } from 'vitest';\nit('a', () => expect(1).toBe(2));\nit('b', () => expect(1).toBe(2));\nit('c', () => {});\n",
    });
    expect(line).toBe('1 passed, 2 failed');
  }, 60_000);
});
