/**
 * The stage's operator-filled secrets and who may read them. The Stripe keys and the Sentry DSN each live in
 * their own secret, created as a placeholder (never generated, so no template change can wipe what an operator
 * pasted in); the Stripe one is readable only by the functions whose route-table row has `payments: true`. The
 * app secret's generated template is frozen: any change to it would regenerate jwtSecret and sign every member
 * out.
 *
 * Built from the real route table's rows for the webhook, login and the active season, each pointed at an
 * existing handler, so these checks do not wait on the payment handlers; stacks.test.ts checks every row of
 * the real table the same way.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList, routes } from '@club/shared';
import type { RouteRow } from '../lib/stacks/api-stack';
import type { StageName } from '../lib/stage-config';
import { logicalId, nagFindings, type Synthesised, synthStage } from './support';

const EXISTING_HANDLER = 'seasons/get-active';
const ROWS = ['stripeWebhook', 'login', 'getActiveSeason'];
const ROUTES: RouteRow[] = routeList()
  .filter((row) => ROWS.includes(row.name))
  .map((row) => ({ ...row, handler: EXISTING_HANDLER }));

/** What the AppSecret was first deployed with. Written out literally so that no refactor changes it. */
const APP_SECRET_GENERATE_SECRET_STRING = {
  SecretStringTemplate: '{"stripeSecretKey":"","stripeWebhookSecret":"","sentryDsn":""}',
  GenerateStringKey: 'jwtSecret',
  PasswordLength: 64,
  ExcludePunctuation: true,
};

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Metadata?: {
    cdk_nag?: { rules_to_suppress: Array<{ id: string; reason: string; is_reason_encoded?: boolean }> };
  };
};
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

describe.each(['dev', 'prod'] as const)('%s stage secrets', (name: StageName) => {
  let synthesised: Synthesised;
  /** The Stripe secret's ARN as the API stack's template refers to it. */
  let stripeArn: string;
  const dataResource = (id: string): Resource =>
    (synthesised.templates.data.toJSON() as { Resources: Record<string, Resource> }).Resources[id]!;
  const envOf = (route: string): Record<string, unknown> => {
    const fn = synthesised.stacks.api.functions.get(route)!.function;
    const resource = synthesised.templates.api.findResources('AWS::Lambda::Function')[
      logicalId(fn)
    ] as Resource;
    return (resource.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  };
  const statementsOf = (route: string): Statement[] => {
    const role = synthesised.stacks.api.functions.get(route)!.function.role!;
    const policies = Object.values(synthesised.templates.api.findResources('AWS::IAM::Policy')) as Resource[];
    const policy = policies.find(
      (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: logicalId(role) }]),
    );
    if (!policy) throw new Error(`no policy for ${route}'s role`);
    return (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
  };

  beforeAll(() => {
    synthesised = synthStage({ stage: name, routes: ROUTES });
    const { stacks } = synthesised;
    stripeArn = JSON.stringify(stacks.api.resolve(stacks.data.stripeSecret.secretArn));
  });

  it.each([
    ['Stripe keys', 'stripeSecret', '{"secretKey":"","webhookSecret":""}'],
    ['Sentry DSN', 'sentrySecret', '{"dsn":""}'],
  ] as const)(
    `keeps the %s in their own placeholder secret, never generated, ${name === 'prod' ? 'retained' : 'deleted'} with the stack`,
    (_what, secret, placeholder) => {
      const resource = dataResource(logicalId(synthesised.stacks.data[secret]));

      expect(resource.Type).toBe('AWS::SecretsManager::Secret');
      expect(resource.Properties).not.toHaveProperty('GenerateSecretString');
      // Literal: CloudFormation writes SecretString again whenever it changes, over what the operator put.
      expect(resource.Properties.SecretString).toBe(placeholder);
      const policy = name === 'prod' ? 'Retain' : 'Delete';
      expect([resource.DeletionPolicy, resource.UpdateReplacePolicy]).toEqual([policy, policy]);
    },
  );

  it('tells the operator what to put in the Sentry secret', () => {
    const { templates, stacks } = synthesised;
    templates.data.hasOutput('SentrySecretArn', {
      Value: stacks.data.resolve(stacks.data.sentrySecret.secretArn),
      Description: Match.stringLikeRegexp('"dsn"'),
    });
  });

  it('leaves the app secret’s generated template exactly as first deployed', () => {
    const app = dataResource(logicalId(synthesised.stacks.data.secret));

    expect(app.Properties.GenerateSecretString).toEqual(APP_SECRET_GENERATE_SECRET_STRING);
    expect(app.Properties).not.toHaveProperty('SecretString');
  });

  it('tells the operator what to put in the Stripe secret and where Stripe’s webhook goes', () => {
    const { templates, stacks } = synthesised;
    templates.data.hasOutput('StripeSecretArn', {
      Value: stacks.data.resolve(stacks.data.stripeSecret.secretArn),
      Description: Match.stringLikeRegexp('"secretKey".*"webhookSecret".*<SiteUrl>/api/payments/webhook'),
    });
  });

  it('names the Stripe secret in a payments function’s environment and lets it read that secret', () => {
    expect(routes.stripeWebhook.payments).toBe(true);

    expect(JSON.stringify(envOf('stripeWebhook').STRIPE_SECRET_ARN)).toBe(stripeArn);
    const reads = statementsOf('stripeWebhook').filter((s) =>
      asList(s.Action).includes('secretsmanager:GetSecretValue'),
    );
    expect(reads.flatMap((s) => asList(s.Resource)).map((r) => JSON.stringify(r))).toContain(stripeArn);
    // Reading is all it may do: no other action on any secret.
    expect(
      statementsOf('stripeWebhook')
        .flatMap((s) => asList(s.Action))
        .filter((a) => a.startsWith('secretsmanager:')),
    ).toEqual(['secretsmanager:GetSecretValue']);
  });

  it.each(['login', 'getActiveSeason'])(
    'gives %s (no payments) neither the Stripe secret’s name nor any access to it',
    (route) => {
      expect(routeList().find((r) => r.name === route)?.payments).toBeUndefined();

      expect(envOf(route)).not.toHaveProperty('STRIPE_SECRET_ARN');
      expect(JSON.stringify(envOf(route))).not.toContain(stripeArn);
      expect(JSON.stringify(statementsOf(route))).not.toContain(stripeArn);
    },
  );

  it('passes cdk-nag AwsSolutions, every suppression with a stated reason', () => {
    const reasons: Record<string, string> = {};
    for (const [key, stack] of Object.entries(synthesised.stacks)) {
      expect(nagFindings(stack), stack.stackName).toEqual([]);

      const template = synthesised.templates[key as keyof Synthesised['templates']]!.toJSON() as {
        Resources: Record<string, Resource>;
      };
      for (const [id, resource] of Object.entries(template.Resources)) {
        for (const s of resource.Metadata?.cdk_nag?.rules_to_suppress ?? []) {
          const reason = s.is_reason_encoded ? Buffer.from(s.reason, 'base64').toString('utf8') : s.reason;
          reasons[`${stack.stackName}/${id} ${s.id}`] = reason;
        }
      }
    }
    // A reason says why the rule does not apply here, not just that it is suppressed.
    for (const [where, reason] of Object.entries(reasons)) expect(reason.length, where).toBeGreaterThan(80);
    const stripe = `${synthesised.stacks.data.stackName}/${logicalId(synthesised.stacks.data.stripeSecret)}`;
    expect(reasons[`${stripe} AwsSolutions-SMG4`]).toMatch(/Stripe/);
  });
});
