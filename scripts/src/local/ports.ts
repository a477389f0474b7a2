/** Port helpers: a clear line for a busy port, and free ports for test stacks. */
import { createServer } from 'node:net';

export class StartupError extends Error {}

/** Fails with one clear line when the port is taken. */
export async function assertPortFree(port: number, what: string, envVar: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });
  if (!free) {
    throw new StartupError(`Port ${port} (${what}) is already in use. Stop what uses it or set ${envVar}.`);
  }
}

/** A port the OS says is free right now, for test stacks that must not collide with a running one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Whether starting a service failed on a port taken between choosing it (freePort) and listening on it: another
 * process's server or outgoing connection got it first. A caller that chose the port may choose again.
 */
export function isPortTaken(error: unknown): boolean {
  if (error instanceof StartupError) return / is already in use\./.test(error.message);
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'EADDRINUSE' || (typeof message === 'string' && message.includes('EADDRINUSE'));
}
