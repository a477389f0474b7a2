import { defineConfig } from 'vitest/config';
import projects from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // Two files at once: vitest's default (one fewer than the cores) runs a 2-core machine one file at a time,
    // every project after the other, while each file waits on DynamoDB Local, Chromium or the local stack. The
    // browser journeys stay one at a time among themselves (web/e2e/vitest.config.ts); vitest would run them
    // after everything else, alone, so `npm test` runs them in their own process beside the rest (lanes.ts).
    maxWorkers: 2,
    reporters: ['default', './scripts/src/test/summary-reporter.ts'],
  },
});
