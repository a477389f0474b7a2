/**
 * The vitest config StrykerJS runs (npm run mutate): the workspace's own project config, rooted at that
 * workspace, so its include globs, setup files and globalSetup (DynamoDB Local for functions) resolve as they
 * do under `npm test`. run.ts names the workspace in MUTATE_WORKSPACE; Stryker's test runners inherit it.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import functions from '../../../functions/vitest.config';
import infra from '../../../infra/vitest.config';
import shared from '../../../shared/vitest.config';
import web from '../../../web/vitest.config';
import scripts from '../../vitest.config';

const projects = { functions, infra, shared, web, scripts };
const workspace = (process.env.MUTATE_WORKSPACE ?? 'functions') as keyof typeof projects;
const root = new URL(`../../../${workspace}/`, import.meta.url).pathname;

export default mergeConfig(projects[workspace], defineConfig({ root }));
