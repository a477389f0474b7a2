import { defineProject } from 'vitest/config';

// Synthesising bundles every Lambda with esbuild: give the tests room.
export default defineProject({
  test: { name: 'infra', include: ['test/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000 },
});
