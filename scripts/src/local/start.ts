/**
 * `npm start` (built SPA) and `npm run dev` (Vite hot reload): starts the local stack, prints one banner,
 * and stops every child on Ctrl-C. Failures print one clear line.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { localConfig, repoRoot } from './config';
import { StartupError } from './ports';
import { startStack } from './stack';

// The AWS SDK warns that it will need Node 22 in 2027; Lambda runs Node 22 and this machine's Node is the
// developer's choice, so the warning is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const dev = process.argv.includes('--dev');

async function main(): Promise<void> {
  const config = localConfig();
  if (!dev && !existsSync(join(repoRoot, 'web/dist/index.html'))) {
    throw new StartupError(
      'The site is not built. Run `npm start` (it builds first) or `npm run build -w web`.',
    );
  }
  const stack = await startStack({ ...config, dev });
  const lines = [
    '',
    `  Club website (local${dev ? ', hot reload' : ''}) is running`,
    '',
    `  Site          ${stack.siteUrl}`,
    `  API           ${stack.siteUrl}/api  (also ${stack.apiUrl})`,
    `  Mail inbox    ${stack.mailUrl}`,
    stack.stripeUrl
      ? `  Stripe        ${stack.stripeUrl}  (local checkout stand-in, no real charges)`
      : '  Stripe        test mode (your keys; `stripe listen` forwards the events)',
    `  DynamoDB      ${stack.dynamoUrl}  (table ${config.tableName}, data in ${config.dataDir})`,
    `  Mail queue    ${stack.queueEndpoint}  (SQS emulator; result mails at ${config.resultMailRate}/s)`,
    `  Season        ${stack.seeded.season.name}${stack.seeded.season.created ? ' (created)' : ''}`,
    ...('admin' in stack.seeded
      ? [
          `  Admin login   ${config.adminEmail} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : config.adminPassword}`,
        ]
      : []),
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  const message =
    error instanceof StartupError || (error as { code?: string }).code === 'EADDRINUSE'
      ? (error as Error).message
      : `Could not start the local stack: ${(error as Error).message ?? String(error)}`;
  console.error(`\n  ✖ ${message}\n`);
  process.exit(1);
});
