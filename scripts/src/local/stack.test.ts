import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_SEASON_NAME } from '@club/shared';
import { localConfig } from './config';
import { freePort } from './ports';
import { startStack, type StackOptions } from './stack';

async function options(dataDir: string): Promise<StackOptions> {
  return {
    ...localConfig(),
    sitePort: await freePort(),
    apiPort: await freePort(),
    dynamoPort: await freePort(),
    mailPort: await freePort(),
    dataDir,
    tableName: 'club-stack-test',
  };
}

describe('the local stack', () => {
  it('keeps what was stored across a restart, and seeds only once', { timeout: 90_000 }, async () => {
    process.env.LOG_LEVEL = 'silent';
    const dataDir = mkdtempSync(join(tmpdir(), 'club-stack-'));

    // Same ports both times, like a restart of `npm start` (the handlers' clients live for the process).
    const opts = await options(dataDir);
    const first = await startStack(opts);
    const before = await (await fetch(`${first.siteUrl}/api/seasons/active`)).json();
    await first.stop();
    const second = await startStack(opts);
    const after = await (await fetch(`${second.apiUrl}/api/seasons/active`)).json();
    await second.stop();

    expect(first.seeded.season).toEqual({ name: SEED_SEASON_NAME, created: true });
    expect(second.seeded.season).toEqual({ name: SEED_SEASON_NAME, created: false });
    expect(after).toEqual(before);
  });

  it('refuses to start on a busy port with one line naming the variable to change', async () => {
    const busy = createServer();
    const port = await new Promise<number>((resolve) =>
      busy.listen(0, '127.0.0.1', () => resolve((busy.address() as { port: number }).port)),
    );
    try {
      const opts = { ...(await options(mkdtempSync(join(tmpdir(), 'club-stack-')))), dynamoPort: port };

      await expect(startStack(opts)).rejects.toThrow(
        `Port ${port} (DynamoDB Local) is already in use. Stop what uses it or set DYNAMODB_PORT.`,
      );
    } finally {
      busy.close();
    }
  });
});
