/**
 * The whole local stack on free ports with an in-memory table, exactly as `npm start` wires it (the built SPA
 * it serves is built once by global-setup.ts). The shared one is started by global-setup.ts; a journey that
 * changes what the others rely on (creating a season makes it the active one) starts its own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localConfig } from '../../scripts/src/local/config';
import { freePort } from '../../scripts/src/local/ports';
import { startStack, type RunningStack } from '../../scripts/src/local/stack';

export async function startE2eStack(tableName: string): Promise<RunningStack> {
  process.env.LOG_LEVEL = 'silent';
  return startStack({
    ...localConfig(),
    sitePort: await freePort(),
    apiPort: await freePort(),
    dynamoPort: await freePort(),
    mailPort: await freePort(),
    stripePort: await freePort(),
    queuePort: await freePort(),
    dataDir: mkdtempSync(join(tmpdir(), `${tableName}-`)),
    tableName,
    inMemory: true,
  });
}
