/**
 * Ends a test run with one plain line, "N passed, N failed", that CI reads whatever the runner's own
 * formatting is.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** Where the counts are also written as JSON, when set: how the test lanes (lanes.ts) add up their runs. */
export const SUMMARY_FILE_ENV = 'CLUB_TEST_SUMMARY_FILE';

export interface RunSummary {
  passed: number;
  failed: number;
  skipped: number;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      // A file that failed outside its tests (it did not load, or a beforeAll threw and its tests were
      // skipped) is one failure, never a quiet "0 failed".
      failed += module.state() === 'failed' ? Math.max(failedHere, 1) : failedHere;
    }
    const file = process.env[SUMMARY_FILE_ENV];
    if (file) writeFileSync(file, JSON.stringify({ passed, failed, skipped } satisfies RunSummary));
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
