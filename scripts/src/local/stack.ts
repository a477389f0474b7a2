/**
 * The whole product on one machine: DynamoDB Local, the SES emulator, the SQS emulator with the result-mail
 * worker polling it, the Stripe stand-in (or real Stripe with the developer's test keys), the local API
 * server and the site (the built SPA, or Vite with hot reload), wired like production: same origin, /api to
 * the handlers.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { STAND_IN_SECRET_KEY, localJwtSecret, repoRoot, type LocalConfig } from './config';
import { StartupError, assertPortFree, freePort } from './ports';
import { ensureFamilyMailQueue, ensureResultMailQueue, ensureTable } from './provision';
import { startDynamo, startMail, startQueue, type RunningService } from './services';
import { startStripeStandIn } from './stripe-stand-in';

/** Every port a stack listens on, each one the OS says is free now: a test stack beside a running one. */
export async function freeStackPorts(): Promise<
  Pick<LocalConfig, 'sitePort' | 'apiPort' | 'dynamoPort' | 'mailPort' | 'stripePort' | 'queuePort'>
> {
  return {
    sitePort: await freePort(),
    apiPort: await freePort(),
    dynamoPort: await freePort(),
    mailPort: await freePort(),
    stripePort: await freePort(),
    queuePort: await freePort(),
  };
}

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
  /** The SQS emulator, and the result-mail queue on it. */
  queueEndpoint: string;
  queueUrl: string;
  /** The Stripe stand-in's checkout pages and API; null when real Stripe is used (test keys in the env). */
  stripeUrl: string | null;
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

/**
 * Real Stripe when the developer exported a test key, otherwise the local stand-in. The stand-in's own key,
 * left in the environment by an earlier start in this process (tests restart the stack), is not a real key.
 */
function usesRealStripe(sitePort: number): boolean {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!secretKey || secretKey === STAND_IN_SECRET_KEY) return false;
  if (!/^(sk|rk)_test_/.test(secretKey)) {
    // Nothing on this machine should be able to move real money.
    throw new StartupError(
      'STRIPE_SECRET_KEY must be a Stripe test key (sk_test_…); the local stack refuses live keys.',
    );
  }
  if (!process.env.STRIPE_WEBHOOK_SECRET) {
    throw new StartupError(
      `STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: run \`stripe listen --forward-to localhost:${sitePort}/api/payments/webhook\` and export the signing secret (whsec_…) it prints.`,
    );
  }
  return true;
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const realStripe = usesRealStripe(options.sitePort);
  await assertPortFree(options.sitePort, 'site', 'SITE_PORT');
  await assertPortFree(options.apiPort, 'API', 'API_PORT');
  await assertPortFree(options.dynamoPort, 'DynamoDB Local', 'DYNAMODB_PORT');
  await assertPortFree(options.mailPort, 'mail emulator', 'MAIL_PORT');
  await assertPortFree(options.queuePort, 'SQS emulator', 'SQS_PORT');
  if (!realStripe) await assertPortFree(options.stripePort, 'Stripe stand-in', 'STRIPE_PORT');

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
    const mail = await startMail({ port: options.mailPort, sendRate: options.mailSendRate });
    stops.push(mail.stop);
    await ensureTable(dynamo.url, options.tableName);
    const queue = await startQueue({ port: options.queuePort });
    stops.push(queue.stop);
    const queueUrl = await ensureResultMailQueue(queue.url, `${options.tableName}-result-mail`);
    const familyMailQueueUrl = await ensureFamilyMailQueue(queue.url, `${options.tableName}-family-mail`);

    let stripeUrl: string | null = null;
    if (!realStripe) {
      const stripe = await startStripeStandIn({
        port: options.stripePort,
        rateLimit: options.stripeRateLimit,
        webhookUrl: `http://localhost:${options.apiPort}/api/payments/webhook`,
        // The handlers read their configuration once per process, as in a warm Lambda: a restart within
        // one process (tests) keeps the secret they already hold.
        webhookSecret:
          process.env.STRIPE_SECRET_KEY === STAND_IN_SECRET_KEY
            ? process.env.STRIPE_WEBHOOK_SECRET
            : undefined,
      });
      stops.push(stripe.stop);
      stripeUrl = stripe.url;
      // The payment functions point the real SDK at STRIPE_API_BASE; with real keys it stays unset.
      Object.assign(process.env, {
        STRIPE_API_BASE: stripe.url,
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      });
    }

    const siteUrl = `http://localhost:${options.sitePort}`;
    // The handlers read their configuration from the environment, as in Lambda.
    Object.assign(process.env, {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      STAGE: 'local',
      TABLE_NAME: options.tableName,
      SITE_URL: siteUrl,
      MAIL_FROM: process.env.MAIL_FROM ?? 'Summit Basketball <no-reply@club.local>',
      MAIL_REPLY_TO: process.env.MAIL_REPLY_TO ?? 'info@club.local',
      DYNAMODB_ENDPOINT: dynamo.url,
      SES_ENDPOINT: mail.url,
      JWT_SECRET: process.env.JWT_SECRET ?? localJwtSecret(options.dataDir),
      SQS_ENDPOINT: queue.url,
      RESULT_MAIL_QUEUE_URL: queueUrl,
      FAMILY_MAIL_QUEUE_URL: familyMailQueueUrl,
      // One process runs every concurrent batch of the worker here, so it gets the whole rate.
      RESULT_MAIL_SEND_RATE: String(options.resultMailRate),
    });

    const { seed } = await import('./seed');
    const seeded = await seed();

    const { startResultMailPoller } = await import('./result-mail-poller');
    const poller = await startResultMailPoller({ endpoint: queue.url, queueUrl });
    stops.push(() => poller.stop());
    // Registration confirmations (issue 43), paced with the result mails by the one pacer of this process.
    const familyPoller = await startResultMailPoller({
      endpoint: queue.url,
      queueUrl: familyMailQueueUrl,
      queue: 'familyMail',
    });
    stops.push(() => familyPoller.stop());

    // The scheduled jobs (EventBridge's schedules in AWS): the retention run daily, the refund sweep every
    // 15 minutes, each at start too.
    const { startScheduledJobs } = await import('./scheduled-jobs');
    const jobs = startScheduledJobs();
    stops.push(async () => {
      jobs.stop();
      await jobs.firstRuns;
    });

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
      queueEndpoint: queue.url,
      queueUrl,
      stripeUrl,
      seeded,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
