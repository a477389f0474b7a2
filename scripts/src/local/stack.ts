/**
 * The whole product on one machine: DynamoDB Local, the SES emulator, the local API server and the site
 * (the built SPA, or Vite with hot reload), wired like production: same origin, /api to the handlers.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { localJwtSecret, repoRoot, type LocalConfig } from './config';
import { assertPortFree } from './ports';
import { ensureTable, startDynamo, startMail, type RunningService } from './services';

export interface StackOptions extends LocalConfig {
  /** Vite dev server with hot reload instead of the built SPA. */
  dev?: boolean;
  /** Keep DynamoDB in memory (tests); otherwise data lives under dataDir. */
  inMemory?: boolean;
}

export interface RunningStack {
  siteUrl: string;
  apiUrl: string;
  mailUrl: string;
  dynamoUrl: string;
  seeded: Awaited<ReturnType<typeof import('./seed').seed>>;
  stop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  await assertPortFree(options.sitePort, 'site', 'SITE_PORT');
  await assertPortFree(options.apiPort, 'API', 'API_PORT');
  await assertPortFree(options.dynamoPort, 'DynamoDB Local', 'DYNAMODB_PORT');
  await assertPortFree(options.mailPort, 'mail emulator', 'MAIL_PORT');

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse())
      await s().catch((e: unknown) => console.warn(`[stack] stopping a service failed: ${String(e)}`));
  };
  try {
    const dynamo: RunningService = await startDynamo({
      port: options.dynamoPort,
      dataDir: options.inMemory ? undefined : join(options.dataDir, 'dynamodb'),
    });
    stops.push(dynamo.stop);
    const mail = await startMail({ port: options.mailPort });
    stops.push(mail.stop);
    await ensureTable(dynamo.url, options.tableName);

    const siteUrl = `http://localhost:${options.sitePort}`;
    // The handlers read their configuration from the environment, as in Lambda.
    Object.assign(process.env, {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      STAGE: 'local',
      TABLE_NAME: options.tableName,
      SITE_URL: siteUrl,
      MAIL_FROM: process.env.MAIL_FROM ?? 'Club <no-reply@club.local>',
      DYNAMODB_ENDPOINT: dynamo.url,
      SES_ENDPOINT: mail.url,
      JWT_SECRET: process.env.JWT_SECRET ?? localJwtSecret(options.dataDir),
    });

    const { seed } = await import('./seed');
    const seeded = await seed();

    const { handleApiRequest } = await import('./api-server');
    const api = createServer((req, res) => void handleApiRequest(req, res));
    await listen(api, options.apiPort);
    stops.push(() => close(api));

    if (options.dev) {
      const { createServer: createVite } = await import('vite');
      const vite = await createVite({
        root: join(repoRoot, 'web'),
        configFile: join(repoRoot, 'web/vite.config.ts'),
        server: { port: options.sitePort, strictPort: true, host: '127.0.0.1' },
      });
      await vite.listen();
      stops.push(() => vite.close());
    } else {
      const { createSiteHandler } = await import('./site-server');
      const site = createServer(
        (req, res) => void createSiteHandler(join(repoRoot, 'web/dist'), handleApiRequest)(req, res),
      );
      await listen(site, options.sitePort);
      stops.push(() => close(site));
    }

    return {
      siteUrl,
      apiUrl: `http://localhost:${options.apiPort}`,
      mailUrl: mail.url,
      dynamoUrl: dynamo.url,
      seeded,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
