/**
 * The one list of test projects. Vitest 4 no longer discovers workspace files, so the root
 * vitest.config.ts reads this list.
 */
export default [
  'shared/vitest.config.ts',
  'functions/vitest.config.ts',
  'web/vitest.config.ts',
  'infra/vitest.config.ts',
  'scripts/vitest.config.ts',
  'web/e2e/vitest.config.ts',
];
