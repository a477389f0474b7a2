/**
 * `npm run mutate [-- <files>]`: StrykerJS on the source files a change touches (the files given, or else
 * every non-test source file changed since this branch left main, committed or not). Each workspace's files
 * are mutated against that workspace's own vitest project, so the functions' tests get DynamoDB Local, the
 * mail emulator and the Stripe stand-in from its globalSetup, and only the tests that import a mutated file
 * run for it. Not part of `npm test`: it runs the related tests once per mutant, minutes per file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { Stryker } from '@stryker-mutator/core';
import { repoRoot } from '../local/config';

/** The workspaces whose code has a vitest project of its own (their `vitest.config.ts`). */
const WORKSPACES = ['shared', 'functions', 'web', 'infra', 'scripts'] as const;
const SOURCE = /\.(ts|tsx)$/;
const NOT_MUTATED = /\.(test|e2e)\.tsx?$|\.d\.ts$|(^|\/)(test|e2e)\//;

function git(...args: string[]): string[] {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** The files changed since the merge-base with main (origin/main when there is one), and those not committed. */
function changedFiles(): string[] {
  const base = ['origin/main', 'main']
    .map((ref) => {
      try {
        return git('merge-base', 'HEAD', ref)[0];
      } catch {
        return undefined;
      }
    })
    .find(Boolean);
  return [
    ...new Set([
      ...(base ? git('diff', '--name-only', '--diff-filter=d', base) : []),
      ...git('diff', '--name-only', '--diff-filter=d', 'HEAD'),
      ...git('ls-files', '--others', '--exclude-standard'),
    ]),
  ];
}

const args = process.argv.slice(2);
/** `--concurrency N`: test runners at once (stryker.config.json says 2; 1 on a busy machine). */
const concurrencyAt = args.indexOf('--concurrency');
const concurrency = concurrencyAt >= 0 ? Number(args.splice(concurrencyAt, 2)[1]) : undefined;
/**
 * `--tests <file or glob>` (repeatable): kill the mutants with these test files only, for a quick run, or to
 * see what a module's own tests leave alive. Without it, every test file that imports a mutated file runs.
 */
const tests: string[] = [];
for (let at = args.indexOf('--tests'); at >= 0; at = args.indexOf('--tests'))
  tests.push(args.splice(at, 2)[1]!);
const given = args.filter((arg) => !arg.startsWith('-'));
const files = (
  given.length ? given.map((f) => relative(repoRoot, resolve(process.cwd(), f))) : changedFiles()
)
  .filter((file) => SOURCE.test(file) && !NOT_MUTATED.test(file) && existsSync(resolve(repoRoot, file)))
  .sort();
if (!files.length) {
  console.warn('Nothing to mutate: no source file given or changed since main.');
  process.exit(0);
}

// The per-workspace config imports each workspace's config without an extension, as the typecheck wants.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
let failed = false;
for (const workspace of WORKSPACES) {
  const mutate = files.filter((file) => file.startsWith(`${workspace}/`));
  if (!mutate.length) continue;
  console.warn(`\nMutating ${mutate.length} file(s) of ${workspace}:\n  ${mutate.join('\n  ')}`);
  process.chdir(repoRoot);
  process.env.MUTATE_WORKSPACE = workspace;
  const results = await new Stryker({
    configFile: resolve(repoRoot, 'stryker.config.json'),
    mutate,
    ...(concurrency ? { concurrency } : {}),
    ...(tests.length ? { testFiles: tests } : {}),
    vitest: { configFile: 'scripts/src/mutate/vitest.config.ts', related: !tests.length },
    htmlReporter: { fileName: `reports/mutation/${workspace}.html` },
    jsonReporter: { fileName: `reports/mutation/${workspace}.json` },
  }).runMutationTest();
  failed ||= results.length === 0;
}
process.exit(failed ? 1 : 0);
