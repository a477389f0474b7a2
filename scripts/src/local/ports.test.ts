/**
 * A port taken between choosing it and listening on it is told apart from any other failure to start, so a
 * test stack can start again on new ports (web/e2e/e2e-stack.ts) and a real failure is still reported.
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, freePort, isPortTaken } from './ports';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Listens on `port` (all addresses, as the SQS emulator does); answers the error when it cannot. */
function listenOn(port: number): Promise<unknown> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', resolve);
    server.listen(port, () => {
      servers.push(server);
      resolve(null);
    });
  });
}

describe('isPortTaken', () => {
  it('recognises a listen on a port another server holds, and the stack’s own busy-port refusal', async () => {
    const port = await freePort();
    expect(await listenOn(port)).toBeNull();

    const taken = await listenOn(port);
    const refused = await assertPortFree(port, 'SQS emulator', 'SQS_PORT').catch((e: unknown) => e);

    expect(isPortTaken(taken)).toBe(true);
    expect(isPortTaken(refused)).toBe(true);
  });

  it('leaves every other failure to be reported', () => {
    expect(isPortTaken(new Error('DynamoDB Local did not answer on port 8000 within 30 s.'))).toBe(false);
    expect(
      isPortTaken(Object.assign(new Error('listen EACCES: permission denied'), { code: 'EACCES' })),
    ).toBe(false);
    expect(isPortTaken(undefined)).toBe(false);
  });
});
