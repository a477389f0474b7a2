/**
 * Builds the SPA (prerendered pages included) and starts the whole local stack on free ports with an
 * in-memory table, exactly as `npm start` wires it, for the browser journeys (e2e-stack.ts).
 */
import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { localConfig, repoRoot } from '../../scripts/src/local/config';
import { startE2eStack } from './e2e-stack';

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
  const config = localConfig();
  const stack = await startE2eStack('club-e2e');
  project.provide('siteUrl', stack.siteUrl);
  project.provide('mailUrl', stack.mailUrl);
  project.provide('adminEmail', config.adminEmail);
  project.provide('adminPassword', config.adminPassword);
  return () => stack.stop();
}
