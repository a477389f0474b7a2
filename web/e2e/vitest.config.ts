import { defineProject } from 'vitest/config';

// Whole journeys in Debian's Chromium against the local stack, which global-setup.ts builds and starts once.
export default defineProject({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser per file is plenty on two cores.
    fileParallelism: false,
  },
});
