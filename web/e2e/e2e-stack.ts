/**
 * The whole local stack on free ports with an in-memory table, exactly as `npm start` wires it (the built SPA
 * it serves is built once by global-setup.ts). The shared one is started by global-setup.ts; a journey that
 * changes what the others rely on (creating a season makes it the active one) starts its own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localConfig } from '../../scripts/src/local/config';
import { isPortTaken } from '../../scripts/src/local/ports';
import { freeStackPorts, startStack, type RunningStack } from '../../scripts/src/local/stack';

/** How many times a stack is started on newly chosen ports when one was taken before it could listen. */
const PORT_ATTEMPTS = 3;

export async function startE2eStack(tableName: string): Promise<RunningStack> {
  process.env.LOG_LEVEL = 'silent';
  for (let attempt = 1; ; attempt += 1) {
    try {
      // Chosen free, then listened on seconds later, beside test files opening hundreds of connections: a port
      // can be taken in between (startStack stops what it started), so the stack starts again on new ones.
      return await startStack({
        ...localConfig(),
        ...(await freeStackPorts()),
        dataDir: mkdtempSync(join(tmpdir(), `${tableName}-`)),
        tableName,
        inMemory: true,
      });
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !isPortTaken(error)) throw error;
    }
  }
}
