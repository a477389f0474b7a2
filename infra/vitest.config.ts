import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Outside CI, Lambda bundles are reused while nothing they were built from changed (lib/bundling.ts); CI
// always bundles afresh. A run may override the folder, or set it empty to bundle afresh here too.
const bundleCache =
  process.env.CLUB_BUNDLE_CACHE ??
  (process.env.CI ? '' : fileURLToPath(new URL('../node_modules/.cache/club-lambdas', import.meta.url)));

// Synthesising bundles every Lambda with esbuild: room for a loaded 2-core machine (measured 35 s idle for
// the dev stage's 65 bundles; its 111 bundles took over 10 minutes beside five other busy processes).
export default defineProject({
  test: {
    name: 'infra',
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 1_200_000,
    env: bundleCache ? { CLUB_BUNDLE_CACHE: bundleCache } : {},
  },
});
