import { defineProject } from 'vitest/config';

// Runs against a real DynamoDB Local and the SES emulator, started once for the run (test/global-setup.ts);
// each test file gets its own table (test/setup.ts), so files run in parallel without seeing each other's data.
export default defineProject({
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
