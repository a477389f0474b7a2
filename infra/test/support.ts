/**
 * Test helpers: a small site build with the prerendered layout (so infra tests do not depend on the web
 * build) and an app synthesised through the same addClubStacks as bin/app.ts, with cdk.json's feature flags.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, type CfnElement, type NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { PRERENDERED_PATHS, prerenderedFile, SPA_SHELL_FILE } from '@club/shared';
import { addClubStacks, type ClubStacks, prebundleClubFunctions } from '../lib/club-app';
import type { RouteRow } from '../lib/stacks/api-stack';
import { STAGES, type StageConfig, type StageName } from '../lib/stage-config';

const infraDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A site build: the shell, every prerendered page except `leaveOut`, a hashed asset and its source map. */
export function siteFixture(leaveOut: readonly string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'club-web-dist-'));
  const write = (file: string, content: string): void => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  };
  write(
    'index.html',
    '<!doctype html><div id="root" data-prerendered-path="/"><h1>/</h1></div><script type="module" src="/assets/x.js"></script>',
  );
  write(
    SPA_SHELL_FILE,
    '<!doctype html><div id="root"></div><script type="module" src="/assets/x.js"></script>',
  );
  for (const path of PRERENDERED_PATHS) {
    if (path !== '/' && !leaveOut.includes(path))
      write(prerenderedFile(path), `<!doctype html><h1>${path}</h1>`);
  }
  write('assets/x.js', 'console.log("x")');
  write('assets/x.js.map', '{}');
  return dir;
}

/** The domain the tests fill in where an operator fills in the club's own (not a reserved placeholder). */
export const OPERATOR_DOMAIN = 'edmontonclubbasketball.ca';

/**
 * A stage as an operator fills it in before deploying it (docs/deploy.md): dev as committed,
 * prod with the club's own domain instead of the committed placeholders, which a prod synth refuses.
 */
export function deployableStage(name: StageName): StageConfig {
  const config = STAGES[name];
  if (config.allowPlaceholders) return config;
  return {
    ...config,
    mailDomain: OPERATOR_DOMAIN,
    mailFrom: `Summit Basketball <no-reply@${OPERATOR_DOMAIN}>`,
    mailReplyTo: `info@${OPERATOR_DOMAIN}`,
    alarmEmail: `operations@${OPERATOR_DOMAIN}`,
  };
}

/**
 * An app that builds every construct but runs no esbuild (as `cdk synth --exclusively` does for stacks it
 * skips): for tests of what the stage config lets through, where bundling ~100 handlers would only add minutes.
 */
export function unbundledApp(): App {
  return new App({ context: { 'aws:cdk:bundling-stacks': [] } });
}

export interface SynthOptions {
  readonly stage: StageName;
  readonly routes?: readonly RouteRow[];
  /** Run esbuild for every function (slow); otherwise CDK skips bundling and templates are unchanged. */
  readonly bundle?: boolean;
}

export interface Synthesised {
  readonly app: App;
  readonly stacks: ClubStacks;
  readonly templates: { readonly [K in keyof ClubStacks]: Template };
  readonly outdir: string;
}

export function synthStage(options: SynthOptions): Synthesised {
  const { context } = JSON.parse(readFileSync(join(infraDir, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const outdir = mkdtempSync(join(tmpdir(), 'club-cdk-out-'));
  const app = new App({
    outdir,
    context: {
      ...context,
      stage: options.stage,
      // As the CLI does: record each asset's folder on its resource, so tests can open the bundles.
      'aws:cdk:enable-asset-metadata': true,
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
    },
  });
  const stacks = addClubStacks(app, {
    config: deployableStage(options.stage),
    webDistDir: siteFixture(),
    ...(options.routes && { routes: options.routes }),
  });
  const templates = Object.fromEntries(
    Object.entries(stacks).map(([key, stack]) => [key, Template.fromStack(stack as Stack)]),
  ) as Synthesised['templates'];
  // The API's endpoints live in nested stacks by area (api-stack.ts routeArea): the tests read the API as one
  // template, the stack's own resources and every nested stack's, so each function is checked wherever it lives.
  (templates as Record<string, Template>).api = apiAsOne(stacks.api, templates.api);
  return { app, stacks, templates, outdir };
}

/** synthStage with every function bundled, bundled ahead as the app does it (bin/app.ts). */
export async function synthBundled(options: Omit<SynthOptions, 'bundle'>): Promise<Synthesised> {
  await prebundleClubFunctions(options.routes);
  return synthStage({ ...options, bundle: true });
}

/**
 * The API stack's template with its nested stacks' resources beside its own (their ids do not collide), each
 * nested stack's parameters replaced by what the API stack passes them: the template reads as if the API were
 * one stack, so a test compares a route's authorizer or a function's secret as it always has.
 */
function apiAsOne(api: ClubStacks['api'], own: Template): Template {
  const json = own.toJSON() as { Resources: Record<string, unknown> };
  const resources: Record<string, unknown> = { ...json.Resources };
  for (const nested of api.routeStacks.values()) {
    const template = Template.fromStack(nested).toJSON() as { Resources: Record<string, unknown> };
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (id in resources) throw new Error(`API resource ${id} is in two stacks`);
      resources[id] = inlineParameters(api, nested, resource);
    }
  }
  return Template.fromJSON({ ...json, Resources: resources });
}

/** A nested stack's value with each `Ref` to one of its parameters replaced by what the API stack passes it. */
function inlineParameters(api: ClubStacks['api'], nested: NestedStack, value: unknown): unknown {
  const holder = nested.nestedStackResource! as CfnElement;
  const parent = Template.fromStack(api).toJSON() as {
    Resources: Record<string, { Properties?: { Parameters?: Record<string, unknown> } }>;
  };
  const passed = parent.Resources[api.getLogicalId(holder)]?.Properties?.Parameters ?? {};
  const inline = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(inline);
    if (v && typeof v === 'object') {
      const ref = (v as { Ref?: unknown }).Ref;
      if (typeof ref === 'string' && Object.keys(v).length === 1 && ref in passed) return passed[ref];
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inline(x)]));
    }
    return v;
  };
  return inline(value);
}

/**
 * A token (another stack's secret, table, queue) as the API's template shows it where `construct` uses it:
 * in the API stack itself, or in a nested stack of routes with its parameter replaced by what is passed.
 */
export function resolvedInApi(api: ClubStacks['api'], construct: IConstruct, token: unknown): unknown {
  const stack = Stack.of(construct);
  if (stack === api) return api.resolve(token);
  return inlineParameters(api, stack as NestedStack, stack.resolve(token));
}

/**
 * cdk-nag's AWS Solutions errors and warnings on a stack, as `id: message`, read from the assembly the app has
 * already synthesised. `Annotations.fromStack` synthesises the whole app again for every stack it is asked
 * about, which for a bundled stage bundled every function once more per stack (minutes on a busy machine).
 */
export function nagFindings(stack: Stack): string[] {
  const assembly = (stack.node.root as App).synth();
  return assembly
    .getStackArtifact(stack.artifactId)
    .messages.filter(
      (m) => (m.level === 'error' || m.level === 'warning') && /AwsSolutions-/.test(String(m.entry.data)),
    )
    .map((m) => `${m.id}: ${String(m.entry.data)}`);
}

/** A web ACL ARN for tests that build the web stack alone. */
export const TEST_WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:111122223333:global/webacl/club-test-edge/0a1b2c3d';

/** The CloudFormation logical id of a construct's main resource. */
export function logicalId(construct: IConstruct): string {
  const resource = construct.node.defaultChild as CfnElement;
  return Stack.of(resource).getLogicalId(resource);
}
