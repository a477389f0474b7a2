/**
 * The local stack the bench measures, started once per run on free ports with an in-memory table: the
 * handlers keep their clients for the life of the process (as in Lambda), so one process serves one stack.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localConfig } from '../local/config';
import { freePort } from '../local/ports';
import { startStack, type RunningStack } from '../local/stack';

export async function startBenchStack(): Promise<RunningStack> {
  process.env.LOG_LEVEL = 'silent';
  return startStack({
    ...localConfig(),
    sitePort: await freePort(),
    apiPort: await freePort(),
    dynamoPort: await freePort(),
    mailPort: await freePort(),
    queuePort: await freePort(),
    stripePort: await freePort(),
    dataDir: mkdtempSync(join(tmpdir(), 'club-bench-')),
    tableName: 'club-bench',
    inMemory: true,
  });
}
