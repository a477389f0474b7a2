/**
 * What the app entry does before building the stacks: it bundles the functions ahead only when the CLI's run
 * bundles the API stack (`cdk deploy club-dev-web --exclusively` bundles none of them; `cdk ls` nothing).
 */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { bundlesApi } from '../lib/club-app';

const withPatterns = (patterns?: string[]) =>
  new App({ context: patterns ? { 'aws:cdk:bundling-stacks': patterns } : {} });

describe('bundlesApi', () => {
  it('bundles the API for a whole synth or deploy, or one that names the API stack', () => {
    expect(bundlesApi(withPatterns(), 'dev')).toBe(true);
    expect(bundlesApi(withPatterns(['**']), 'dev')).toBe(true);
    expect(bundlesApi(withPatterns(['club-dev-api']), 'dev')).toBe(true);
    expect(bundlesApi(withPatterns(['club-dev-web', 'club-dev-api']), 'dev')).toBe(true);
    expect(bundlesApi(withPatterns(['club-prod-*']), 'prod')).toBe(true);
  });

  it('bundles nothing for a run of other stacks only, another stage’s API, or no bundling at all', () => {
    expect(bundlesApi(withPatterns(['club-dev-web']), 'dev')).toBe(false);
    expect(bundlesApi(withPatterns(['club-prod-api']), 'dev')).toBe(false);
    expect(bundlesApi(withPatterns([]), 'dev')).toBe(false);
  });
});
