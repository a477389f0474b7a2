/**
 * Builds the SPA (prerendered pages included) and starts the whole local stack on free ports with an
 * in-memory table, exactly as `npm start` wires it, for the browser journeys.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { localConfig, repoRoot } from '../../scripts/src/local/config';
import { freePort } from '../../scripts/src/local/ports';
import { startStack } from '../../scripts/src/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    mailUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execSync('npm run build -w web', { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  process.env.LOG_LEVEL = 'silent';
  const config = localConfig();
  const stack = await startStack({
    ...config,
    sitePort: await freePort(),
    apiPort: await freePort(),
    dynamoPort: await freePort(),
    mailPort: await freePort(),
    stripePort: await freePort(),
    queuePort: await freePort(),
    dataDir: mkdtempSync(join(tmpdir(), 'club-e2e-')),
    tableName: 'club-e2e',
    inMemory: true,
  });
  project.provide('siteUrl', stack.siteUrl);
  project.provide('mailUrl', stack.mailUrl);
  project.provide('adminEmail', config.adminEmail);
  project.provide('adminPassword', config.adminPassword);
  return () => stack.stop();
}
