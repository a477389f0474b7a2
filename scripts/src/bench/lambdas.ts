/**
 * Each Lambda as CDK ships it: bundled by the same bundleLambda the CDK construct uses (code-split ESM, a
 * folder per function), then its entry bytes (raw and gzip), the whole asset's code bytes, and cold init measured
 * as fresh Node processes importing the entry (median of several runs). Lazily loaded chunks count in the
 * asset's bytes but not in cold init, exactly as on Lambda.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routeList } from '@club/shared';
import {
  BUNDLE_FILE,
  bundleLambda,
  ENTRY_BYTE_BUDGET,
  handlerEntry,
  prebundleLambdas,
} from '../../../infra/lib/bundling';
import { clubFunctions } from '../../../infra/lib/platform-functions';
import { median, type BenchRow } from './report';

const COLD_RUNS = 7;

/** Imports the bundle in a fresh process and prints how long the import (module init) took. */
const IMPORT_PROBE = `
const t0 = performance.now();
await import(process.argv[1]);
process.stdout.write(String(performance.now() - t0));
`;

/**
 * Imports the entry, then times importing a lazily loaded chunk (the Stripe SDK's): what the first call that
 * reaches Stripe adds to a cold start.
 */
const LAZY_CHUNK_PROBE = `
await import(process.argv[1]);
const t0 = performance.now();
await import(process.argv[2]);
process.stdout.write(String(performance.now() - t0));
`;

/**
 * The floor of cold init: a function that only makes the DynamoDB clients every function reaches the table
 * with (functions/src/db/platform/client.ts), bundled the same way. What a function's init costs beyond it is its own.
 */
const FLOOR_SOURCE = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const table = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => ({ statusCode: 200 });
`;

/** Median milliseconds a probe prints over fresh processes. */
function probe(script: string, files: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const out = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', script, ...files.map((f) => pathToFileURL(f).href)],
      {
        env: {
          ...process.env,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          TABLE_NAME: 'bench',
          SITE_URL: 'https://club.example',
          AWS_REGION: 'ca-central-1',
        },
        encoding: 'utf8',
      },
    );
    times.push(Number(out));
  }
  return median(times);
}

export async function benchLambdas(outDir: string): Promise<BenchRow[]> {
  // Bundles live inside the repo so externals (argon2) resolve from node_modules with this machine's
  // prebuild; the asset's copy holds only Lambda's linux-arm64 one, so it is not copied here.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const rows: BenchRow[] = [];
  const functions = clubFunctions(routeList());
  // As a synth does: bundled one after another in one esbuild context, so the bench's own wait is shorter.
  await prebundleLambdas(functions.map((f) => handlerEntry(f.handler)));
  const floorDir = join(outDir, '_floor');
  const floorSource = join(floorDir, 'dynamodb-clients.ts');
  mkdirSync(floorDir, { recursive: true });
  writeFileSync(floorSource, FLOOR_SOURCE);
  bundleLambda(floorSource, join(floorDir, 'bundle'));
  const floorEntry = join(floorDir, 'bundle', BUNDLE_FILE);
  const floorBefore = probe(IMPORT_PROBE, [floorEntry]);
  const coldInits: number[] = [];
  for (const route of functions) {
    const dir = join(outDir, route.name);
    const { files } = bundleLambda(handlerEntry(route.handler), dir);
    const entry = join(dir, BUNDLE_FILE);
    const entryBytes = statSync(entry).size;
    const gz = gzipSync(readFileSync(entry)).length;
    const code = files.filter((f) => f.endsWith('.mjs'));
    const assetBytes = code.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
    const coldInit = probe(IMPORT_PROBE, [entry]);
    coldInits.push(coldInit);
    const budgetShare = Math.round((entryBytes / ENTRY_BYTE_BUDGET) * 100);
    rows.push(
      {
        name: `${route.name} entry`,
        value: entryBytes,
        unit: 'B',
        note: `${BUNDLE_FILE}, ${gz} B gzip, ${budgetShare}% of the ${ENTRY_BYTE_BUDGET} B budget`,
      },
      {
        name: `${route.name} asset`,
        value: assetBytes,
        unit: 'B',
        note: `entry + ${code.length - 1} chunks (.mjs, no maps, no node_modules)`,
      },
      {
        name: `${route.name} cold init`,
        value: coldInit,
        unit: 'ms',
        note: `median of ${COLD_RUNS} fresh processes importing ${BUNDLE_FILE}`,
      },
    );
    // The functions that talk to Stripe load its SDK on their first Stripe call, not at init.
    const stripeChunk =
      'payments' in route && route.payments
        ? code.find((f) => f !== BUNDLE_FILE && readFileSync(join(dir, f), 'utf8').includes('api.stripe.com'))
        : undefined;
    if (stripeChunk) {
      rows.push({
        name: `${route.name} Stripe SDK load`,
        value: probe(LAZY_CHUNK_PROBE, [entry, join(dir, stripeChunk)]),
        unit: 'ms',
        note: `added to the first call that reaches Stripe (lazy chunk ${stripeChunk}, not in cold init)`,
      });
    }
  }
  // Measured again after every function, so a change in the machine's load shows in the floor too.
  const floor = median([floorBefore, probe(IMPORT_PROBE, [floorEntry])]);
  const medianInit = median(coldInits);
  for (const row of rows) {
    if (row.name.endsWith(' cold init')) row.note += `; ${(row.value / floor).toFixed(2)}x the floor`;
  }
  rows.push(
    {
      name: 'cold init floor: the DynamoDB clients alone',
      value: floor,
      unit: 'ms',
      note: `the same bundling; median of ${COLD_RUNS} fresh processes, before and after the functions`,
    },
    {
      name: 'cold init, median over the functions',
      value: medianInit,
      unit: 'ms',
      note: `${coldInits.length} functions; goal ≤ 40 ms`,
    },
    {
      name: 'cold init, median over the functions / floor',
      value: Number((medianInit / floor).toFixed(2)),
      unit: 'x',
      note: 'what the functions load and run at init beyond the SDK clients they all need',
    },
  );
  return rows;
}
