import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A whole admin screen typed into with user-event takes about a second here; beside the stack's files on CI's
    // two shared cores one went past vitest's 5 s default. A test that hangs still fails, at 20 s.
    testTimeout: 20_000,
  },
});
