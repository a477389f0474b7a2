/**
 * Each Lambda as CDK ships it: bundle bytes (raw and gzip) with the same esbuild options the CDK construct
 * uses, and cold init measured as fresh Node processes importing the bundle (median of several runs).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { routeList } from '@club/shared';
import { lambdaEsbuildOptions } from '../../../infra/lib/bundling';
import { repoRoot } from '../local/config';
import { median, type BenchRow } from './report';

const COLD_RUNS = 7;

/** Imports the bundle in a fresh process and prints how long the import (module init) took. */
const IMPORT_PROBE = `
const t0 = performance.now();
await import(new URL('file://' + process.argv[1]).href);
process.stdout.write(String(performance.now() - t0));
`;

export async function benchLambdas(outDir: string): Promise<BenchRow[]> {
  // Bundles live inside the repo so externals (argon2) resolve from node_modules as they would in the asset.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const rows: BenchRow[] = [];
  for (const route of routeList()) {
    const outfile = join(outDir, route.name, 'index.mjs');
    await build({
      ...lambdaEsbuildOptions,
      entryPoints: [join(repoRoot, 'functions/src/handlers', `${route.handler}.ts`)],
      outfile,
      logLevel: 'error',
    });
    const bytes = statSync(outfile).size;
    const gz = gzipSync(readFileSync(outfile)).length;
    const times: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', IMPORT_PROBE, outfile], {
        env: {
          ...process.env,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          TABLE_NAME: 'bench',
          SITE_URL: 'https://club.example',
          AWS_REGION: 'ca-central-1',
        },
        encoding: 'utf8',
      });
      times.push(Number(out));
    }
    rows.push(
      { name: `${route.name} bundle`, value: bytes, unit: 'B', note: `${gz} B gzip` },
      {
        name: `${route.name} cold init`,
        value: median(times),
        unit: 'ms',
        note: `median of ${COLD_RUNS} fresh processes`,
      },
    );
  }
  return rows;
}
