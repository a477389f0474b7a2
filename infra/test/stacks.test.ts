/**
 * The deployed shape, checked on both stages built from the real route table and table definition. dev is
 * synthesised with real esbuild bundling (every handler must bundle); prod skips bundling, which changes
 * only asset hashes. Each stage is synthesised once and shared by the tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, routeList } from '@club/shared';
import { tableDefinition } from '@club/functions/deploy-facts';
import {
  BUNDLE_FILE,
  bundleImports,
  CHUNK_DIR,
  ENTRY_BYTE_BUDGET,
  LAMBDA_PREBUILD,
  NATIVE_MODULES,
} from '../lib/bundling';
import type { StageName } from '../lib/stage-config';
import {
  deployableStage,
  logicalId,
  nagFindings,
  resolvedInApi,
  type Synthesised,
  synthBundled,
  synthStage,
} from './support';

// Managed CloudFront policies (fixed ids documented by AWS).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const RESERVED_ENV = [
  'STAGE',
  'TABLE_NAME',
  'SITE_URL',
  'MAIL_FROM',
  'MAIL_REPLY_TO',
  'SES_CONFIGURATION_SET',
  'SECRETS_ARN',
  'ORIGIN_VERIFY_SECRET_ARN',
  'SENTRY_SECRET_ARN',
  'NODE_OPTIONS',
];
/** Only in the functions whose route-table row has `payments: true`. */
const PAYMENTS_ENV = 'STRIPE_SECRET_ARN';
/** Only in the functions whose route-table row has `queue: 'resultMail'` (result-mail.test.ts checks the queue). */
/** The variable naming the queue a row sends to. */
const QUEUE_ENV = { resultMail: 'RESULT_MAIL_QUEUE_URL', familyMail: 'FAMILY_MAIL_QUEUE_URL' } as const;

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

const resources = (template: Template, type: string): Record<string, Resource> =>
  template.findResources(type) as Record<string, Resource>;
const actionsOf = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const resourcesOf = (s: Statement): unknown[] => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]);

/** Runs the CloudFront Function's own source, as CloudFront would, on a request for `uri`. */
function viewerRequest(template: Template): (uri: string) => string {
  const [fn] = Object.values(resources(template, 'AWS::CloudFront::Function'));
  const code = fn?.Properties.FunctionCode as string;
  const handler = new Function(`${code}\nreturn handler;`)() as (event: { request: { uri: string } }) => {
    uri: string;
  };
  return (uri) => handler({ request: { uri } }).uri;
}

const built: Partial<Record<StageName, Synthesised>> = {};
const stage = (name: StageName): Synthesised => {
  const synthesised = built[name];
  if (!synthesised) throw new Error(`${name} not synthesised`);
  return synthesised;
};

beforeAll(async () => {
  built.dev = await synthBundled({ stage: 'dev' });
  built.prod = synthStage({ stage: 'prod' });
});

describe.each(['dev', 'prod'] as const)('%s stage', (name) => {
  describe('API', () => {
    it('keeps the API stack and each of its nested stacks far below CloudFormation’s 500 resources', () => {
      const { stacks } = stage(name);
      const count = (stack: Stack) => Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length;

      const counts = [stacks.api, ...stacks.api.routeStacks.values()].map(
        (s) => [s.node.id, count(s)] as const,
      );

      // 500 is the limit; 300 leaves a stack room for decades of routes of its area.
      for (const [id, n] of counts) expect(n, id).toBeLessThan(300);
      // Each route's function lives in the nested stack of its handler's folder.
      for (const row of routeList()) {
        const fn = stacks.api.functions.get(row.name)!.function;
        expect(Stack.of(fn), row.name).toBe(stacks.api.routeStacks.get(row.handler.split('/')[0]!));
      }
    });

    it('has exactly one Node.js 22 arm64 function per route-table row, and the result-mail and family-mail workers', () => {
      const { templates, stacks } = stage(name);
      const functions = resources(templates.api, 'AWS::Lambda::Function');

      // One per row, the origin authorizer in front of them all, the SES events' recorder and the mail workers.
      expect(Object.keys(functions).sort()).toEqual(
        [
          ...stacks.api.functions.values(),
          stacks.api.originAuthorizer,
          stacks.api.mailEvents,
          stacks.api.retention,
          stacks.api.refundSweep,
          stacks.api.sessionReminders,
          stacks.api.numberingSweep,
          stacks.api.offerSweep,
          stacks.api.instalmentSweep,
          stacks.api.queueWorkers.get('resultMail')!.worker,
          stacks.api.queueWorkers.get('familyMail')!.worker,
        ]
          .map((f) => logicalId(f.function))
          .sort(),
      );
      for (const row of routeList()) {
        const fn = functions[logicalId(stacks.api.functions.get(row.name)!.function)]!;
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          MemorySize: 512,
          TracingConfig: { Mode: 'Active' },
        });
        const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(Object.keys(env).sort(), row.name).toEqual(
          [
            ...RESERVED_ENV,
            ...(row.payments ? [PAYMENTS_ENV] : []),
            ...(row.queue ? [QUEUE_ENV[row.queue]] : []),
          ].sort(),
        );
        expect(env.STAGE).toBe(name);
        expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
        expect(env.MAIL_FROM).toBe(deployableStage(name).mailFrom);
        expect(env.MAIL_REPLY_TO).toBe(deployableStage(name).mailReplyTo);
      }
    });

    it('gives the Stripe secret and SES to exactly the functions that need them, named here, not read from the table', () => {
      // Registering by card, pay again, confirm, the switch to cash and a withdrawal (both expire the
      // checkout), the webhook, and an admin's refund
      const reachStripe = [
        'refundTryout',
        'registerTryout',
        'startCheckout',
        'confirmPayment',
        'switchMyTryoutToCash',
        'withdrawMyTryout',
        // The same three for one athlete of a household.
        'startHouseholdCheckout',
        'updateHouseholdTryout',
        // One checkout for all of a household's unpaid registrations, and the fee the club sets (issue 36).
        'startFamilyCheckout',
        'setTryoutFee',
        'withdrawHouseholdTryout',
        'stripeWebhook',
        // Deleting an account withdraws its registrations first (issue 19).
        'deleteAccount',
        // A team fee's checkout, a place given up (its checkout closed) and the admin's refund (issue 45).
        'startOfferCheckout',
        'withdrawOffer',
        'refundOffer',
        // One instalment of a team fee paid by its link (issue 46).
        'startInstalmentCheckout',
      ];
      // Sign-up, resend, forgot and reset (account mail), and one result mail resent; a send of results queues
      const mailAtOnce = [
        'register',
        'resendVerification',
        'forgotPassword',
        'resetPassword',
        'resendResult',
        'inviteGuardian',
        // The account page's password and e-mail changes (issue 18).
        'changePassword',
        'changeEmail',
        'confirmEmailChange',
        // The registration's confirmation, where a registration completes (cash at once, a card once paid).
        'registerTryout',
        'switchMyTryoutToCash',
        'updateHouseholdTryout',
        'confirmPayment',
        'stripeWebhook',
        // A withdrawal, a refund and a fee the club set are mailed to the family (issue 36).
        'withdrawMyTryout',
        'withdrawHouseholdTryout',
        'refundTryout',
        'setTryoutFee',
        // A helper's invitation; a walk-up's confirmation and account to claim (issue 37).
        'inviteHelper',
        'registerWalkUp',
        // A team fee's refund is mailed to the family, as a tryout fee's is (issue 45).
        'refundOffer',
      ];
      const { templates, stacks } = stage(name);
      const policies = Object.values(resources(templates.api, 'AWS::IAM::Policy'));
      const policyOf = (row: string) => {
        const role = logicalId(stacks.api.functions.get(row)!.function.role!);
        return JSON.stringify(
          policies.find((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }])) ?? {},
        );
      };
      const stripeArn = JSON.stringify(stacks.api.resolve(stacks.data.stripeSecret.secretArn));

      const readers = routeList().filter((row) => policyOf(row.name).includes(stripeArn));
      const senders = routeList().filter((row) => policyOf(row.name).includes('ses:SendEmail'));

      expect(readers.map((row) => row.name).sort()).toEqual([...reachStripe].sort());
      expect(senders.map((row) => row.name).sort()).toEqual([...mailAtOnce].sort());
    });

    it('sizes each timeout to the work: 5 s for the table, 10 s with mail, 25 s with Stripe, 28 s for a bank file', () => {
      const { templates, stacks } = stage(name);
      const functions = resources(templates.api, 'AWS::Lambda::Function');
      const timeoutOf = (row: string): unknown =>
        functions[logicalId(stacks.api.functions.get(row)!.function)]?.Properties.Timeout;

      expect(timeoutOf('getActiveSeason')).toBe(5);
      expect(timeoutOf('login')).toBe(5);
      expect(timeoutOf('register')).toBe(10);
      expect(timeoutOf('registerTryout')).toBe(25);
      expect(timeoutOf('stripeWebhook')).toBe(25);
      expect(timeoutOf('importEtransfers')).toBe(28);
      for (const row of routeList()) {
        const expected = row.bulkImport ? 28 : row.payments ? 25 : row.mail ? 10 : 5;
        expect(timeoutOf(row.name), row.name).toBe(expected);
      }
    });

    it(
      name === 'prod'
        ? 'reserves registration night’s room (docs/capacity.md): registration 100, Stripe’s webhook 25, sign-in 30; every other function anyone can call capped at 10, and no other'
        : 'reserves no concurrency (a new account has none to spare)',
      () => {
        const { templates, stacks } = stage(name);
        const functions = resources(templates.api, 'AWS::Lambda::Function');
        const anonymous = ['public', 'stripe-signature'];
        const ownFigure: Record<string, number> = { registerTryout: 100, stripeWebhook: 25, login: 30 };
        expect(routeList().some((row) => !anonymous.includes(row.access) && !(row.name in ownFigure))).toBe(
          true,
        );

        for (const row of routeList()) {
          const fn = functions[logicalId(stacks.api.functions.get(row.name)!.function)]!;
          const expected =
            name === 'dev'
              ? undefined
              : (ownFigure[row.name] ?? (anonymous.includes(row.access) ? 10 : undefined));
          expect(fn.Properties.ReservedConcurrentExecutions, row.name).toBe(expected);
        }
      },
    );

    it('leaves at least 100 of an account’s default 1,000 concurrent runs unreserved, for every function without a reservation', () => {
      const { templates } = stage(name);
      const reserved = Object.values(templates)
        .flatMap((template) => Object.values(resources(template, 'AWS::Lambda::Function')))
        .map((fn) => (fn.Properties.ReservedConcurrentExecutions as number | undefined) ?? 0);
      const total = reserved.reduce((sum, n) => sum + n, 0);

      expect(total).toBeLessThanOrEqual(1_000 - 100);
      if (name === 'prod') expect(total).toBeGreaterThanOrEqual(100 + 25 + 30 + 10);
    });

    it('routes METHOD /api/path to its own function for every row', () => {
      const { templates, stacks } = stage(name);
      const routes = Object.values(resources(templates.api, 'AWS::ApiGatewayV2::Route'));
      const integrations = resources(templates.api, 'AWS::ApiGatewayV2::Integration');

      expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(
        routeList()
          .map((r) => `${r.method} /api${r.path}`)
          .sort(),
      );
      for (const row of routeList()) {
        const route = routes.find((r) => r.Properties.RouteKey === `${row.method} /api${row.path}`);
        const target = (route?.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] })[
          'Fn::Join'
        ][1][1];
        const integration = integrations[target.Ref];
        const fn = stacks.api.functions.get(row.name)?.function;
        expect(fn).toBeDefined();
        expect(JSON.stringify(integration?.Properties.IntegrationUri)).toContain(logicalId(fn!));
      }
    });

    it('runs no endpoint’s function for a request that skipped CloudFront: every route is behind the origin authorizer', () => {
      const { templates, stacks } = stage(name);
      const authorizers = resources(templates.api, 'AWS::ApiGatewayV2::Authorizer');
      expect(Object.keys(authorizers)).toHaveLength(1);
      const [[authorizerId, authorizer]] = Object.entries(authorizers) as [[string, Resource]];

      expect(authorizer.Properties).toMatchObject({
        AuthorizerType: 'REQUEST',
        // Missing either header: API Gateway answers 401 without running anything.
        IdentitySource: ['$request.header.x-origin-verify', '$request.header.cloudfront-viewer-address'],
        AuthorizerResultTtlInSeconds: 300,
        EnableSimpleResponses: true,
        AuthorizerPayloadFormatVersion: '2.0',
      });
      expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(
        logicalId(stacks.api.originAuthorizer.function),
      );
      const routes = Object.values(resources(templates.api, 'AWS::ApiGatewayV2::Route'));
      expect(routes).toHaveLength(routeList().length);
      for (const route of routes) {
        expect(route.Properties, String(route.Properties.RouteKey)).toMatchObject({
          AuthorizationType: 'CUSTOM',
          AuthorizerId: { Ref: authorizerId },
        });
      }
    });

    it('lets the origin authorizer read the origin secret and nothing else', () => {
      const { templates, stacks } = stage(name);
      const fn = resources(templates.api, 'AWS::Lambda::Function')[
        logicalId(stacks.api.originAuthorizer.function)
      ]!;
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const originSecret = stacks.api.resolve(stacks.data.originSecret.secretArn);
      const policy = Object.values(resources(templates.api, 'AWS::IAM::Policy')).find(
        (p) =>
          JSON.stringify(p.Properties.Roles) ===
          JSON.stringify([{ Ref: logicalId(stacks.api.originAuthorizer.function.role!) }]),
      );
      const statements = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement;

      expect(env).toEqual({
        STAGE: name,
        ORIGIN_VERIFY_SECRET_ARN: originSecret,
        NODE_OPTIONS: '--enable-source-maps',
      });
      expect(fn.Properties.Timeout).toBe(3);
      expect(fn.Properties.ReservedConcurrentExecutions).toBe(name === 'prod' ? 10 : undefined);
      expect(statements.flatMap(actionsOf).filter((a) => !/^(logs|xray):/.test(a))).toEqual([
        'secretsmanager:GetSecretValue',
      ]);
      expect(
        statements
          .filter((st) => actionsOf(st).includes('secretsmanager:GetSecretValue'))
          .flatMap(resourcesOf),
      ).toEqual([originSecret]);
    });

    it(
      name === 'prod'
        ? 'throttles every route at 100 requests/s (burst 200), registration and Stripe’s webhook at 50/s (bursts 150 and 100), and writes access logs'
        : 'throttles every route at 10 requests/s (burst 20) and writes access logs',
      () => {
        const { templates, stacks } = stage(name);
        const [[stageId, apiStage]] = Object.entries(
          resources(templates.api, 'AWS::ApiGatewayV2::Stage'),
        ) as [[string, Resource & { DependsOn?: string[] }]];

        expect(apiStage.Properties).toMatchObject({
          StageName: '$default',
          AutoDeploy: true,
          DefaultRouteSettings:
            name === 'prod'
              ? { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200, DetailedMetricsEnabled: true }
              : { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20, DetailedMetricsEnabled: false },
          AccessLogSettings: { DestinationArn: expect.anything(), Format: expect.stringMatching(/routeKey/) },
        });
        if (name === 'dev') {
          expect(apiStage.Properties.RouteSettings).toBeUndefined();
          return;
        }
        // Each route's own bucket keeps its detailed metrics (its p99 alarm reads them).
        expect(apiStage.Properties.RouteSettings).toEqual({
          'POST /api/tryouts/register': {
            ThrottlingRateLimit: 50,
            ThrottlingBurstLimit: 150,
            DetailedMetricsEnabled: true,
          },
          'POST /api/payments/webhook': {
            ThrottlingRateLimit: 50,
            ThrottlingBurstLimit: 100,
            DetailedMetricsEnabled: true,
          },
        });
        // CloudFormation refuses a setting for a route that does not exist yet: the stage waits for both.
        const holder = (area: string) => {
          const nested = stacks.api.routeStacks.get(area)!;
          return stacks.api.getLogicalId(nested.nestedStackResource! as CfnElement);
        };
        expect(apiStage.DependsOn, stageId).toEqual(
          expect.arrayContaining([holder('tryouts'), holder('payments')]),
        );
      },
    );

    it('logs the visitor’s address in the access log, and no header, query string or path', () => {
      const [stage] = Object.values(resources(templates(name).api, 'AWS::ApiGatewayV2::Stage'));
      const format = JSON.parse((stage?.Properties.AccessLogSettings as { Format: string }).Format) as Record<
        string,
        string
      >;

      // The authorizer's context, read from CloudFront-Viewer-Address: not the edge's address.
      expect(format.ip).toBe('$context.authorizer.viewerIp');
      expect(format.routeKey).toBe('$context.routeKey');
      for (const value of Object.values(format)) {
        expect(value).not.toMatch(/\$context\.(path|requestOverride|http)|\$request\.|querystring|header/i);
      }
    });

    it('grants table data access only: no dynamodb:*, no "*" resource, no Scan', () => {
      const policies = Object.values(resources(templates(name).api, 'AWS::IAM::Policy'));
      const statements = policies.flatMap(
        (p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement,
      );
      const dynamo = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));

      expect(dynamo.length).toBeGreaterThanOrEqual(routeList().length);
      for (const s of dynamo) {
        expect(actionsOf(s)).not.toContain('dynamodb:*');
        expect(actionsOf(s)).not.toContain('dynamodb:Scan');
        expect(
          actionsOf(s).filter((a) => /^dynamodb:(Create|Delete|Update)Table|dynamodb:.*\*/.test(a)),
        ).toEqual([]);
        for (const resource of resourcesOf(s)) {
          expect(resource).not.toBe('*');
          expect(JSON.stringify(resource)).not.toMatch(/\/index\/\*|"\*"/);
        }
      }
    });

    it('grants each function its row’s table access: a read row cannot put, update or delete', () => {
      const { templates, stacks } = stage(name);
      const policies = Object.values(resources(templates.api, 'AWS::IAM::Policy'));
      const table = JSON.stringify(stacks.api.resolve(stacks.data.table.tableArn));
      const READ = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'];
      const WRITE = [
        ...READ,
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ].sort();
      expect(new Set(routeList().map((row) => row.table))).toEqual(new Set(['read', 'write']));

      for (const row of routeList()) {
        const roleId = logicalId(stacks.api.functions.get(row.name)!.function.role!);
        const policy = policies.find(
          (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
        );
        const onTable = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement.filter(
          (s) => resourcesOf(s).some((r) => JSON.stringify(r) === table),
        );
        expect(onTable.flatMap(actionsOf).sort(), row.name).toEqual(row.table === 'read' ? READ : WRITE);
      }
    });

    it('lets each function read the app, origin and Sentry secrets, and the Stripe secret only with payments: true', () => {
      const { templates, stacks } = stage(name);
      const functions = resources(templates.api, 'AWS::Lambda::Function');
      const policies = Object.values(resources(templates.api, 'AWS::IAM::Policy'));
      // Each secret as the template shows it where a function uses it (its routes' nested stack).
      const secretsOf = (fn: IConstruct) => {
        const of = (secret: { secretArn: string }) =>
          JSON.stringify(resolvedInApi(stacks.api, fn, secret.secretArn));
        return {
          appSecret: of(stacks.data.secret),
          originSecret: of(stacks.data.originSecret),
          stripeSecret: of(stacks.data.stripeSecret),
          sentrySecret: of(stacks.data.sentrySecret),
        };
      };
      expect(routeList().filter((row) => row.payments).length).toBeGreaterThan(0);

      for (const row of routeList()) {
        const fn = stacks.api.functions.get(row.name)!.function;
        const { appSecret, originSecret, stripeSecret, sentrySecret } = secretsOf(fn);
        expect(new Set([appSecret, originSecret, stripeSecret, sentrySecret]).size).toBe(4);
        const env = (
          functions[logicalId(fn)]?.Properties.Environment as { Variables: Record<string, unknown> }
        ).Variables;
        expect(JSON.stringify(env.SECRETS_ARN), row.name).toBe(appSecret);
        expect(JSON.stringify(env.ORIGIN_VERIFY_SECRET_ARN), row.name).toBe(originSecret);
        expect(JSON.stringify(env.SENTRY_SECRET_ARN), row.name).toBe(sentrySecret);
        expect(JSON.stringify(env[PAYMENTS_ENV]), row.name).toBe(row.payments ? stripeSecret : undefined);

        const policy = policies.find(
          (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: logicalId(fn.role!) }]),
        );
        const secretStatements = (
          policy?.Properties.PolicyDocument as { Statement: Statement[] }
        ).Statement.filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
        expect(secretStatements, row.name).toHaveLength(1);
        expect(actionsOf(secretStatements[0]!)).toEqual(['secretsmanager:GetSecretValue']);
        expect(
          resourcesOf(secretStatements[0]!)
            .map((r) => JSON.stringify(r))
            .sort(),
        ).toEqual([appSecret, originSecret, sentrySecret, ...(row.payments ? [stripeSecret] : [])].sort());
        if (!row.payments) expect(JSON.stringify(policy), row.name).not.toContain(stripeSecret);
      }
    });

    it('grants SES sending to exactly the functions whose row has mail: true', () => {
      const { templates, stacks } = stage(name);
      const policies = Object.values(resources(templates.api, 'AWS::IAM::Policy'));
      for (const row of routeList()) {
        const roleId = logicalId(stacks.api.functions.get(row.name)!.function.role!);
        const policy = policies.find(
          (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
        );
        const actions = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement.flatMap(
          actionsOf,
        );
        expect(
          actions.some((a) => a.startsWith('ses:')),
          row.name,
        ).toBe(row.mail === true);
      }
    });
  });

  describe('data', () => {
    it('builds the one table from tableDefinition, on demand, encrypted, with PITR', () => {
      const { partitionKey, sortKey, gsi1, ttlAttribute } = tableDefinition;
      templates(name).data.resourceCountIs('AWS::DynamoDB::Table', 1);
      templates(name).data.hasResourceProperties('AWS::DynamoDB::Table', {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith(
          [partitionKey, sortKey, gsi1.partitionKey, gsi1.sortKey].map((n) => ({
            AttributeName: n,
            AttributeType: 'S',
          })),
        ),
        GlobalSecondaryIndexes: [
          {
            IndexName: gsi1.indexName,
            KeySchema: [
              { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
            OnDemandThroughput:
              name === 'prod'
                ? { MaxReadRequestUnits: 2000, MaxWriteRequestUnits: 3000 }
                : { MaxReadRequestUnits: 200, MaxWriteRequestUnits: 100 },
          },
        ],
        TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
        // An on-demand ceiling on the table and its index: a runaway loop is throttled, not billed unbounded;
        // in prod above registration night's writes at ten times the club's size (docs/capacity.md).
        OnDemandThroughput:
          name === 'prod'
            ? { MaxReadRequestUnits: 2000, MaxWriteRequestUnits: 3000 }
            : { MaxReadRequestUnits: 200, MaxWriteRequestUnits: 100 },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
      });
    });

    it(name === 'prod' ? 'protects and retains the table' : 'lets the table be deleted', () => {
      const [table] = Object.values(resources(templates(name).data, 'AWS::DynamoDB::Table'));
      if (name === 'prod') {
        expect(table?.Properties.DeletionProtectionEnabled).toBe(true);
        expect(table?.DeletionPolicy).toBe('Retain');
      } else {
        expect(table?.Properties.DeletionProtectionEnabled).not.toBe(true);
        expect(table?.DeletionPolicy).toBe('Delete');
      }
    });

    it(
      name === 'prod'
        ? 'backs the table up daily, keeps 35 days, and copies each backup to ca-west-1'
        : 'relies on point-in-time recovery alone (no backup plan, no copy vault)',
      () => {
        const { stacks } = stage(name);
        const data = templates(name).data;
        if (name === 'dev') {
          expect(stacks.backupCopy).toBeUndefined();
          expect(Object.keys(data.findResources('AWS::Backup::BackupPlan'))).toEqual([]);
          return;
        }
        const copy = stacks.backupCopy!;
        const copyTemplate = templates(name).backupCopy!;
        const plans = Object.values(resources(data, 'AWS::Backup::BackupPlan'));
        const [rule] = (plans[0]?.Properties.BackupPlan as { BackupPlanRule: Array<Record<string, unknown>> })
          .BackupPlanRule;

        expect(copy.region).toBe('ca-west-1');
        expect(stacks.data.dependencies.map((s) => s.stackName)).toContain(copy.stackName);
        const [copyVault] = Object.values(resources(copyTemplate, 'AWS::Backup::BackupVault'));
        expect(copyVault?.Properties.BackupVaultName).toBe('club-prod-table-copies');
        for (const template of [data, copyTemplate]) {
          for (const type of ['AWS::Backup::BackupVault', 'AWS::KMS::Key']) {
            for (const resource of Object.values(resources(template, type))) {
              expect(resource.DeletionPolicy, type).toBe('Retain');
            }
          }
        }
        expect(plans).toHaveLength(1);
        expect(rule).toMatchObject({
          RuleName: 'daily',
          ScheduleExpression: 'cron(0 9 * * ? *)',
          Lifecycle: { DeleteAfterDays: 35 },
          CopyActions: [
            {
              DestinationBackupVaultArn: {
                'Fn::Join': [
                  '',
                  [
                    'arn:aws:backup:ca-west-1:',
                    { Ref: 'AWS::AccountId' },
                    ':backup-vault:club-prod-table-copies',
                  ],
                ],
              },
              Lifecycle: { DeleteAfterDays: 35 },
            },
          ],
        });
        const [selection] = Object.values(resources(data, 'AWS::Backup::BackupSelection'));
        expect((selection?.Properties.BackupSelection as { Resources: unknown[] }).Resources).toEqual([
          { 'Fn::GetAtt': [logicalId(stacks.data.table), 'Arn'] },
        ]);
      },
    );

    it(`creates a generated origin secret, header-safe, ${name === 'prod' ? 'retained' : 'deleted'} with the stack`, () => {
      const { stacks } = stage(name);
      const secrets = resources(templates(name).data, 'AWS::SecretsManager::Secret');
      const origin = secrets[logicalId(stacks.data.originSecret)];

      // The app, Stripe and Sentry secrets (checked in secrets.test.ts) and this one.
      expect(Object.keys(secrets).sort()).toEqual(
        [stacks.data.secret, stacks.data.stripeSecret, stacks.data.sentrySecret, stacks.data.originSecret]
          .map(logicalId)
          .sort(),
      );
      // A bare string of 48 letters and digits: no JSON and no character a header could choke on.
      expect(origin?.Properties.GenerateSecretString).toEqual({
        PasswordLength: 48,
        ExcludePunctuation: true,
      });
      for (const secret of Object.values(secrets))
        expect(secret.DeletionPolicy).toBe(name === 'prod' ? 'Retain' : 'Delete');
    });
  });

  describe('mail', () => {
    const domain = deployableStage(name).mailDomain;

    it('sends from the stage domain with a custom MAIL FROM, falling back to SES’s while its MX is missing', () => {
      templates(name).mail.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: domain,
        MailFromAttributes: { MailFromDomain: `bounce.${domain}`, BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
      });
    });

    it('prints every DNS record the operator adds: DKIM, MAIL FROM MX and SPF, DMARC', () => {
      const outputs = templates(name).mail.findOutputs('*') as Record<string, { Value: unknown }>;

      // Besides the values CDK publishes for the other stacks.
      expect(
        Object.keys(outputs)
          .filter((key) => !key.startsWith('PublishOutput'))
          .sort(),
      ).toEqual(['Dkim1', 'Dkim2', 'Dkim3', 'Dmarc', 'MailFromMx', 'MailFromSpf'].sort());
      expect(outputs.MailFromMx?.Value).toBe(
        `bounce.${domain} MX 10 feedback-smtp.ca-central-1.amazonses.com`,
      );
      expect(outputs.MailFromSpf?.Value).toBe(`bounce.${domain} TXT "v=spf1 include:amazonses.com ~all"`);
      expect(outputs.Dmarc?.Value).toBe(
        `_dmarc.${domain} TXT "v=DMARC1; p=${name === 'prod' ? 'quarantine' : 'none'}; adkim=r; aspf=r"`,
      );
    });

    it('publishes bounces, complaints and deliveries to the default event bus', () => {
      const destinations = Object.values(
        resources(templates(name).mail, 'AWS::SES::ConfigurationSetEventDestination'),
      );

      expect(destinations).toHaveLength(1);
      const destination = destinations[0]!.Properties.EventDestination as Record<string, unknown>;
      expect(destination.Enabled).toBe(true);
      expect([...(destination.MatchingEventTypes as string[])].sort()).toEqual([
        'bounce',
        'complaint',
        'delivery',
      ]);
      expect(JSON.stringify(destination.EventBridgeDestination)).toContain(':event-bus/default');
    });

    it('hands this configuration set’s events to the mail-events function, keeping failures in a queue', () => {
      const { templates: t, stacks } = stage(name);
      const rules = Object.values(resources(t.api, 'AWS::Events::Rule')).filter(
        (rule) => rule.Properties.EventPattern,
      );
      const configurationSet = stacks.api.resolve(stacks.mail.mail.configurationSetName);
      const deadLetters = logicalId(stacks.api.mailEventsDeadLetters);

      expect(rules).toHaveLength(1);
      expect(rules[0]!.Properties.EventPattern).toEqual({
        source: ['aws.ses'],
        'detail-type': ['Email Bounced', 'Email Complaint Received', 'Email Delivered'],
        detail: { mail: { tags: { 'ses:configuration-set': [configurationSet] } } },
      });
      const [target] = rules[0]!.Properties.Targets as Array<Record<string, unknown>>;
      expect(JSON.stringify(target?.Arn)).toContain(logicalId(stacks.api.mailEvents.function));
      expect(JSON.stringify(target?.DeadLetterConfig)).toContain(deadLetters);
      t.api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: logicalId(stacks.api.mailEvents.function) },
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [deadLetters, 'Arn'] } } },
      });
      t.api.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    });

    it('lets the mail-events function write the table and nothing else: no secret, no mail', () => {
      const { templates: t, stacks } = stage(name);
      const fn = resources(t.api, 'AWS::Lambda::Function')[logicalId(stacks.api.mailEvents.function)]!;
      const policy = Object.values(resources(t.api, 'AWS::IAM::Policy')).find(
        (p) =>
          JSON.stringify(p.Properties.Roles) ===
          JSON.stringify([{ Ref: logicalId(stacks.api.mailEvents.function.role!) }]),
      );
      const actions = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement.flatMap(
        actionsOf,
      );

      expect(Object.keys((fn.Properties.Environment as { Variables: object }).Variables).sort()).toEqual(
        ['NODE_OPTIONS', 'SITE_URL', 'STAGE', 'TABLE_NAME'].sort(),
      );
      expect(actions).toContain('dynamodb:UpdateItem');
      expect(actions.filter((a) => /^(secretsmanager|ses):/.test(a))).toEqual([]);
    });

    it('runs the refund sweep every 15 minutes with the table, the Stripe secret and mail only (issues 34, 36)', () => {
      const { templates: t, stacks } = stage(name);
      const fnId = logicalId(stacks.api.refundSweep.function);
      const schedules = Object.values(resources(t.api, 'AWS::Events::Rule')).filter((rule) =>
        JSON.stringify(rule.Properties.Targets).includes(fnId),
      );
      expect(schedules.map((rule) => rule.Properties.ScheduleExpression)).toEqual(['rate(15 minutes)']);

      const fn = resources(t.api, 'AWS::Lambda::Function')[fnId]!;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables)).toContain('STRIPE_SECRET_ARN');
      expect(Object.keys(variables)).not.toContain('SECRETS_ARN');
      const policy = Object.values(resources(t.api, 'AWS::IAM::Policy')).find(
        (p) =>
          JSON.stringify(p.Properties.Roles) ===
          JSON.stringify([{ Ref: logicalId(stacks.api.refundSweep.function.role!) }]),
      );
      const statements = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      const actions = statements.flatMap(actionsOf);
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:Query']));
      expect(actions).not.toContain('dynamodb:Scan');
      // A refund it settles is mailed to the family (issue 36): sending, nothing else of SES.
      expect(actions.filter((a) => a.startsWith('ses:')).sort()).toEqual([
        'ses:SendEmail',
        'ses:SendRawEmail',
      ]);
      const secretResources = statements
        .filter((st) => actionsOf(st).includes('secretsmanager:GetSecretValue'))
        .flatMap((st) => [st.Resource].flat());
      expect(JSON.stringify(secretResources)).toContain('StripeSecret');
      expect(secretResources).toHaveLength(1);
    });

    it('queues the day-before reminders hourly, with the table and the mail queue only (issue 37)', () => {
      const { templates: t, stacks } = stage(name);
      const fnId = logicalId(stacks.api.sessionReminders.function);
      const schedules = Object.values(resources(t.api, 'AWS::Events::Rule')).filter((rule) =>
        JSON.stringify(rule.Properties.Targets).includes(fnId),
      );
      expect(schedules.map((rule) => rule.Properties.ScheduleExpression)).toEqual(['rate(1 hour)']);

      const fn = resources(t.api, 'AWS::Lambda::Function')[fnId]!;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables).sort()).toEqual(
        ['NODE_OPTIONS', 'RESULT_MAIL_QUEUE_URL', 'SITE_URL', 'STAGE', 'TABLE_NAME'].sort(),
      );
      const policy = Object.values(resources(t.api, 'AWS::IAM::Policy')).find(
        (p) =>
          JSON.stringify(p.Properties.Roles) ===
          JSON.stringify([{ Ref: logicalId(stacks.api.sessionReminders.function.role!) }]),
      );
      const actions = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement.flatMap(
        actionsOf,
      );
      expect(actions).toEqual(
        expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'sqs:SendMessage']),
      );
      expect(actions.filter((a) => /^(secretsmanager|ses):/.test(a))).toEqual([]);
    });

    it('numbers registrations left waiting every minute, with the table and the family-mail queue only (issue 43)', () => {
      const { templates: t, stacks } = stage(name);
      const fnId = logicalId(stacks.api.numberingSweep.function);
      const schedules = Object.values(resources(t.api, 'AWS::Events::Rule')).filter((rule) =>
        JSON.stringify(rule.Properties.Targets).includes(fnId),
      );
      expect(schedules.map((rule) => rule.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);

      const fn = resources(t.api, 'AWS::Lambda::Function')[fnId]!;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables).sort()).toEqual(
        ['FAMILY_MAIL_QUEUE_URL', 'NODE_OPTIONS', 'SITE_URL', 'STAGE', 'TABLE_NAME'].sort(),
      );
      const policy = Object.values(resources(t.api, 'AWS::IAM::Policy')).find(
        (p) =>
          JSON.stringify(p.Properties.Roles) ===
          JSON.stringify([{ Ref: logicalId(stacks.api.numberingSweep.function.role!) }]),
      );
      const actions = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement.flatMap(
        actionsOf,
      );
      expect(actions).toEqual(
        expect.arrayContaining([
          'dynamodb:Query',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'sqs:SendMessage',
        ]),
      );
      expect(actions.filter((a) => /^(secretsmanager|ses):/.test(a))).toEqual([]);
    });

    it('runs the offer sweep every minute, with the table, the result-mail queue and mail, no secret (issue 45)', () => {
      const { templates: t, stacks } = stage(name);
      const fnId = logicalId(stacks.api.offerSweep.function);
      const schedules = Object.values(resources(t.api, 'AWS::Events::Rule')).filter((rule) =>
        JSON.stringify(rule.Properties.Targets).includes(fnId),
      );
      expect(schedules.map((rule) => rule.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);

      const fn = resources(t.api, 'AWS::Lambda::Function')[fnId]!;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables).sort()).toEqual(
        [
          'MAIL_FROM',
          'MAIL_REPLY_TO',
          'NODE_OPTIONS',
          'RESULT_MAIL_QUEUE_URL',
          'SES_CONFIGURATION_SET',
          'SITE_URL',
          'STAGE',
          'TABLE_NAME',
        ].sort(),
      );
      const policy = Object.values(resources(t.api, 'AWS::IAM::Policy')).find(
        (p) =>
          JSON.stringify(p.Properties.Roles) ===
          JSON.stringify([{ Ref: logicalId(stacks.api.offerSweep.function.role!) }]),
      );
      const actions = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement.flatMap(
        actionsOf,
      );
      expect(actions).toEqual(
        expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'sqs:SendMessage', 'ses:SendEmail']),
      );
      expect(actions.filter((a) => /^secretsmanager:/.test(a))).toEqual([]);
    });

    it('runs the instalment sweep every hour (a crashed charge is asked again inside Stripe’s 24-hour key), with the table, the Stripe secret and the family-mail queue (issue 46)', () => {
      const { templates: t, stacks } = stage(name);
      const fnId = logicalId(stacks.api.instalmentSweep.function);
      const schedules = Object.values(resources(t.api, 'AWS::Events::Rule')).filter((rule) =>
        JSON.stringify(rule.Properties.Targets).includes(fnId),
      );
      expect(schedules.map((rule) => rule.Properties.ScheduleExpression)).toEqual(['cron(0 * * * ? *)']);

      const fn = resources(t.api, 'AWS::Lambda::Function')[fnId]!;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables).sort()).toEqual(
        [
          'FAMILY_MAIL_QUEUE_URL',
          'NODE_OPTIONS',
          'SITE_URL',
          'STAGE',
          'STRIPE_SECRET_ARN',
          'TABLE_NAME',
        ].sort(),
      );
      const policy = Object.values(resources(t.api, 'AWS::IAM::Policy')).find(
        (p) =>
          JSON.stringify(p.Properties.Roles) ===
          JSON.stringify([{ Ref: logicalId(stacks.api.instalmentSweep.function.role!) }]),
      );
      const actions = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement.flatMap(
        actionsOf,
      );
      expect(actions).toEqual(
        expect.arrayContaining([
          'dynamodb:Query',
          'dynamodb:UpdateItem',
          'sqs:SendMessage',
          'secretsmanager:GetSecretValue',
        ]),
      );
      expect(actions.filter((a) => /^ses:/.test(a))).toEqual([]);
    });

    it('runs the retention function once a day, with the table, mail and the 24-month period, no secret', () => {
      const { templates: t, stacks } = stage(name);
      const fnId = logicalId(stacks.api.retention.function);
      const schedules = Object.values(resources(t.api, 'AWS::Events::Rule')).filter((rule) =>
        JSON.stringify(rule.Properties.Targets).includes(fnId),
      );
      expect(schedules.map((rule) => rule.Properties.ScheduleExpression)).toEqual(['cron(0 9 * * ? *)']);

      const fn = resources(t.api, 'AWS::Lambda::Function')[fnId]!;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.RETENTION_MONTHS).toBe('24');
      expect(Object.keys(variables)).not.toContain('SECRETS_ARN');
      const policy = Object.values(resources(t.api, 'AWS::IAM::Policy')).find(
        (p) =>
          JSON.stringify(p.Properties.Roles) ===
          JSON.stringify([{ Ref: logicalId(stacks.api.retention.function.role!) }]),
      );
      const actions = (policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement.flatMap(
        actionsOf,
      );
      expect(actions).toEqual(
        expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:Query', 'ses:SendEmail']),
      );
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions.filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
    });

    it('has the stage domain identity on a TLS-only configuration set', () => {
      templates(name).mail.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: domain,
        ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
      });
      templates(name).mail.hasResourceProperties('AWS::SES::ConfigurationSet', {
        DeliveryOptions: { TlsPolicy: 'REQUIRE' },
      });
    });
  });

  describe('edge', () => {
    const webAcl = (): Resource => {
      const acls = Object.values(resources(templates(name).edge, 'AWS::WAFv2::WebACL'));
      expect(acls).toHaveLength(1);
      return acls[0]!;
    };
    type Rule = {
      Name: string;
      Priority: number;
      Action?: unknown;
      OverrideAction?: unknown;
      Statement: Record<string, Record<string, unknown>>;
    };
    const rule = (ruleName: string): Rule =>
      (webAcl().Properties.Rules as Rule[]).find((r) => r.Name === ruleName)!;

    it('puts a CloudFront-scope web ACL, in us-east-1, in front of the distribution', () => {
      const { stacks } = stage(name);
      const [distribution] = Object.values(resources(templates(name).web, 'AWS::CloudFront::Distribution'));

      expect(stacks.edge.region).toBe('us-east-1');
      expect(webAcl().Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
      expect((distribution?.Properties.DistributionConfig as { WebACLId: unknown }).WebACLId).toEqual(
        stacks.web.resolve(stacks.edge.webAclArn),
      );
    });

    it.each([
      ['auth-per-address', '/api/auth/', name === 'prod' ? 500 : 300],
      ['api-per-address', '/api/', name === 'prod' ? 3000 : 1500],
    ])(
      'limits each visitor address on %s (%s) per 5 minutes, answering 429 with a message',
      (ruleName, prefix, limit) => {
        expect(rule(ruleName).Statement.RateBasedStatement).toEqual({
          Limit: limit,
          AggregateKeyType: 'IP',
          EvaluationWindowSec: 300,
          ScopeDownStatement: {
            ByteMatchStatement: {
              SearchString: prefix,
              FieldToMatch: { UriPath: {} },
              PositionalConstraint: 'STARTS_WITH',
              TextTransformations: [{ Priority: 0, Type: 'NONE' }],
            },
          },
        });
        expect(rule(ruleName).Action).toEqual({
          Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'too-many-requests' } },
        });
        expect(webAcl().Properties.CustomResponseBodies).toEqual({
          'too-many-requests': {
            ContentType: 'APPLICATION_JSON',
            Content: '{"message":"Too many attempts. Please wait a few minutes and try again."}',
          },
        });
      },
    );

    it('checks the stricter sign-in limit before the API-wide one, and both before the managed rules', () => {
      expect(
        [rule('auth-per-address'), rule('api-per-address'), rule('aws-common-rules')].map((r) => r.Priority),
      ).toEqual([0, 1, 2]);
    });

    it('applies AWS’s common rules, counting (not blocking) only the body rules JSON and Stripe would trip', () => {
      const common = rule('aws-common-rules');

      expect(common.OverrideAction).toEqual({ None: {} });
      expect(common.Statement.ManagedRuleGroupStatement).toEqual({
        VendorName: 'AWS',
        Name: 'AWSManagedRulesCommonRuleSet',
        RuleActionOverrides: [
          'SizeRestrictions_BODY',
          'CrossSiteScripting_BODY',
          'GenericLFI_BODY',
          'GenericRFI_BODY',
          'EC2MetaDataSSRF_BODY',
        ].map((ruleName) => ({ Name: ruleName, ActionToUse: { Count: {} } })),
      });
    });
  });

  describe('web', () => {
    it('keeps the site bucket private and reads it through Origin Access Control', () => {
      const { web } = templates(name);
      const buckets = Object.values(resources(web, 'AWS::S3::Bucket'));
      for (const bucket of buckets) {
        expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
      }
      for (const policy of Object.values(resources(web, 'AWS::S3::BucketPolicy'))) {
        const statements = (policy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> })
          .Statement;
        for (const s of statements.filter((s) => s.Effect === 'Allow')) {
          expect(JSON.stringify(s.Principal)).not.toMatch(/^"\*"$|"AWS":"\*"/);
        }
      }
      web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      web.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: {
          Origins: Match.arrayWith([
            Match.objectLike({
              OriginAccessControlId: Match.anyValue(),
              S3OriginConfig: { OriginAccessIdentity: '' },
            }),
          ]),
        },
      });
    });

    it('serves prerendered pages, the SPA shell for other pages, and files as they are', () => {
      const fetched = viewerRequest(templates(name).web);

      expect(fetched('/about')).toBe('/about/index.html');
      expect(fetched('/about/')).toBe('/about/index.html');
      expect(fetched('/SpringTeams/13u-boys')).toBe('/SpringTeams/13u-boys/index.html');
      // The signed-in screens families reload are prerendered as their frame (issue 20); /account is not.
      expect(fetched('/dashboard')).toBe('/dashboard/index.html');
      expect(fetched('/account')).toBe('/shell.html');
      expect(fetched('/reset-password/abc123')).toBe('/shell.html');
      // The pages a mail opens are prerendered (issue 20); a token typed into the path is not.
      expect(fetched('/reset-password')).toBe('/reset-password/index.html');
      expect(fetched('/verify-email')).toBe('/verify-email/index.html');
      expect(fetched('/account-deleted')).toBe('/account-deleted/index.html');
      expect(fetched('/household/join')).toBe('/household/join/index.html');
      expect(fetched('/account/confirm-email')).toBe('/account/confirm-email/index.html');
      expect(fetched('/')).toBe('/index.html');
      expect(fetched('/assets/x.js')).toBe('/assets/x.js');
      expect(fetched('/favicon.ico')).toBe('/favicon.ico');
      for (const path of PRERENDERED_PATHS)
        expect(fetched(path)).toBe(path === '/' ? '/index.html' : `${path}/index.html`);
    });

    it('sends /api/* to the HTTP API uncached with the viewer’s cookies, query and headers', () => {
      const [distribution] = Object.values(resources(templates(name).web, 'AWS::CloudFront::Distribution'));
      const config = distribution?.Properties.DistributionConfig as {
        CacheBehaviors: Array<Record<string, unknown>>;
        Origins: Array<{ Id: string; DomainName: unknown }>;
        CustomErrorResponses?: unknown;
        DefaultCacheBehavior: Record<string, unknown>;
        HttpVersion: string;
      };
      const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
      const origin = config.Origins.find((o) => o.Id === api?.TargetOriginId) as
        { Id: string; DomainName: unknown; OriginCustomHeaders?: unknown } | undefined;

      expect(api).toMatchObject({
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
        ViewerProtocolPolicy: 'https-only',
      });
      expect(JSON.stringify(origin?.DomainName)).toContain('ApiEndpoint');
      // Only the API origin carries the origin secret, and only as a reference CloudFormation resolves at
      // deploy time: the value itself is never in the template.
      const { stacks } = stage(name);
      expect(origin?.OriginCustomHeaders).toEqual([
        {
          HeaderName: 'x-origin-verify',
          HeaderValue: {
            'Fn::Join': [
              '',
              [
                '{{resolve:secretsmanager:',
                stacks.web.resolve(stacks.data.originSecret.secretArn),
                ':SecretString:::}}',
              ],
            ],
          },
        },
      ]);
      for (const other of config.Origins.filter((o) => o !== origin)) {
        expect(other).not.toHaveProperty('OriginCustomHeaders');
      }
      // Error pages would turn the API's 403/404 answers into index.html.
      expect(config.CustomErrorResponses).toBeUndefined();
      expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: expect.anything() },
      ]);
      expect(config.HttpVersion).toBe('http2and3');
    });

    it('logs CDN requests without cookies, and mails no link whose path or query holds a token', () => {
      const [distribution] = Object.values(resources(templates(name).web, 'AWS::CloudFront::Distribution'));
      const config = distribution?.Properties.DistributionConfig as { Logging: Record<string, unknown> };

      expect(config.Logging).toMatchObject({ IncludeCookies: false, Prefix: 'cloudfront/' });
      // The routes that take a token take it in the body: no path parameter, no GET.
      for (const row of routeList().filter((r) => ['verifyEmail', 'resetPassword'].includes(r.name))) {
        expect(`${row.method} ${row.path}`).toMatch(/^POST \/auth\/[a-z-]+$/);
      }
    });

    it('adds the security headers to every response, the CSP word for word', () => {
      templates(name).web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: {
            // Scripts from the site and the paint-first script by its hash (no 'unsafe-inline'), no plugins,
            // never framed; Sentry's ingest hosts for error reports; forms may leave only for Stripe Checkout.
            ContentSecurityPolicy: {
              ContentSecurityPolicy:
                "default-src 'self'; script-src 'self' 'sha256-eNOQtk8wf+EvZCtXpsV4zUK+7lD0JVoCYm6fa7JuMZw='; " +
                "style-src 'self'; img-src 'self' data:; " +
                "connect-src 'self' https://*.ingest.sentry.io https://*.ingest.us.sentry.io; " +
                "frame-ancestors 'none'; form-action 'self' https://checkout.stripe.com; base-uri 'self'; " +
                "object-src 'none'",
              Override: true,
            },
            StrictTransportSecurity: {
              AccessControlMaxAgeSec: 63072000,
              IncludeSubdomains: true,
              Preload: true,
              Override: true,
            },
            ContentTypeOptions: { Override: true },
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          },
        },
      });
    });

    it('uploads hashed assets immutable and everything else uncached', () => {
      expect(resources(templates(name).web, 'Custom::CDKBucketDeployment')).toEqual({});
      const deployments = Object.values(resources(templates(name).site, 'Custom::CDKBucketDeployment'));
      const assets = deployments.find((d) => JSON.stringify(d.Properties.Include) === '["assets/*"]');
      const pages = deployments.find((d) => JSON.stringify(d.Properties.Exclude) === '["assets/*"]');

      expect(assets?.Properties.SystemMetadata).toEqual({
        'cache-control': 'public, max-age=31536000, immutable',
      });
      expect(pages?.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
      expect(pages?.Properties.DistributionPaths).toEqual(['/*']);
      // The uploaded build leaves source maps out of the public bucket.
      const { outdir } = stage(name);
      const uploads = readdirSync(outdir).filter((d) => existsSync(join(outdir, d, 'assets/x.js')));
      expect(uploads).toHaveLength(1);
      expect(existsSync(join(outdir, uploads[0]!, 'assets/x.js.map'))).toBe(false);
    });
  });

  it('deploys data, mail and web before the API, and nothing but the site release waits on the API', () => {
    const { stacks } = stage(name);
    const names = (list: readonly { stackName: string }[]): string[] => list.map((s) => s.stackName).sort();

    expect(names(stacks.api.dependencies)).toEqual(names([stacks.data, stacks.mail, stacks.web]));
    expect(names(stacks.web.dependencies)).toEqual(names([stacks.data, stacks.edge]));
    for (const stack of [stacks.data, stacks.mail, stacks.edge, stacks.web]) {
      expect(names(stack.dependencies)).not.toContain(stacks.api.stackName);
    }
  });

  it('uploads the site and invalidates the CDN only after the API stack, so no page goes live before its routes', () => {
    const { stacks } = stage(name);

    expect(stacks.site.dependencies.map((s) => s.stackName)).toContain(stacks.api.stackName);
    expect(stacks.api.dependencies.map((s) => s.stackName)).not.toContain(stacks.site.stackName);
    // Everything that changes what visitors see is in the site stack; the web stack only holds the CDN.
    const deployments = Object.values(resources(templates(name).site, 'Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    expect(deployments.filter((d) => d.Properties.DistributionPaths)).toHaveLength(1);
  });

  it(name === 'prod' ? 'protects every prod stack from termination' : 'leaves dev stacks deletable', () => {
    for (const stack of Object.values(stage(name).stacks)) {
      expect(stack.terminationProtection, stack.stackName).toBe(name === 'prod');
    }
  });

  it('tags every stack’s resources with the stage', () => {
    templates(name).data.hasResourceProperties('AWS::DynamoDB::Table', {
      Tags: Match.arrayWith([{ Key: 'stage', Value: name }]),
    });
    templates(name).api.hasResourceProperties('AWS::Lambda::Function', {
      Tags: Match.arrayWith([{ Key: 'stage', Value: name }]),
    });
  });

  it('passes cdk-nag AwsSolutions with no unsuppressed error or warning', () => {
    const { stacks } = stage(name);
    for (const stack of Object.values(stacks)) {
      expect(nagFindings(stack), stack.stackName).toEqual([]);
    }
  });
});

describe('dev bundles', () => {
  /** Each function's route-table row and its asset folder in cdk.out, as the CLI would upload it. */
  const assets = (): Array<{ row: ReturnType<typeof routeList>[number]; dir: string }> => {
    const { stacks, templates, outdir } = stage('dev');
    const fns = resources(templates.api, 'AWS::Lambda::Function') as Record<
      string,
      Resource & { Metadata: Record<string, string> }
    >;
    return routeList().map((row) => {
      const fn = fns[logicalId(stacks.api.functions.get(row.name)!.function)];
      return { row, dir: join(outdir, fn!.Metadata['aws:asset:path']!) };
    });
  };
  const mjsFiles = (dir: string): string[] => [
    BUNDLE_FILE,
    ...readdirSync(join(dir, CHUNK_DIR))
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => `${CHUNK_DIR}/${f}`),
  ];
  /** The source files a bundle file was built from, from its linked source map. */
  const sourcesOf = (dir: string, file: string): string[] =>
    (JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')) as { sources: string[] }).sources;
  const SENTRY = /node_modules\/@(sentry|opentelemetry)\//;

  it('builds each function from its own handler into index.mjs, run as index.handler', () => {
    const { templates } = stage('dev');
    for (const fn of Object.values(resources(templates.api, 'AWS::Lambda::Function'))) {
      expect(fn.Properties.Handler).toBe('index.handler');
    }
    for (const { row, dir } of assets()) {
      expect(sourcesOf(dir, BUNDLE_FILE), row.name).toContain(`functions/src/handlers/${row.handler}.ts`);
    }
  });

  it('hashes each asset by its bundled output: the same sources give the same hash in every synth', () => {
    const row = routeList()[0]!;
    const codeOf = ({ stacks, templates }: Synthesised): unknown =>
      resources(templates.api, 'AWS::Lambda::Function')[
        logicalId(stacks.api.functions.get(row.name)!.function)
      ]?.Properties.Code;
    const alone = synthStage({ stage: 'dev', bundle: true, routes: [row] });
    const again = synthStage({ stage: 'dev', bundle: true, routes: [row] });

    expect(codeOf(alone)).toMatchObject({ S3Key: expect.stringMatching(/^[0-9a-f]{64}\.zip$/) });
    expect(codeOf(again)).toEqual(codeOf(alone));
    expect(codeOf(stage('dev'))).toEqual(codeOf(alone));
  });

  it(`keeps every entry file under ${ENTRY_BYTE_BUDGET} bytes`, () => {
    for (const { row, dir } of assets()) {
      expect(statSync(join(dir, BUNDLE_FILE)).size, row.name).toBeLessThanOrEqual(ENTRY_BYTE_BUDGET);
    }
  });

  it('keeps Sentry and OpenTelemetry out of the entry file, in a lazily loaded chunk', () => {
    for (const { row, dir } of assets()) {
      expect(
        sourcesOf(dir, BUNDLE_FILE).filter((s) => SENTRY.test(s)),
        row.name,
      ).toEqual([]);
      const chunks = mjsFiles(dir).filter((f) => f !== BUNDLE_FILE);
      expect(
        chunks.some((chunk) => sourcesOf(dir, chunk).some((s) => SENTRY.test(s))),
        row.name,
      ).toBe(true);
    }
  });

  it('ships argon2 with only its arm64 prebuild exactly in bundles that import it', () => {
    for (const { row, dir } of assets()) {
      const files = mjsFiles(dir);
      for (const file of files) {
        expect(readFileSync(join(dir, file), 'utf8').startsWith('import { createRequire'), file).toBe(true);
      }
      const code = files.map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
      for (const moduleName of NATIVE_MODULES) {
        const prebuilds = join(dir, 'node_modules', moduleName, 'prebuilds');
        expect(existsSync(prebuilds), `${row.name} ${moduleName}`).toBe(bundleImports(code, moduleName));
        if (existsSync(prebuilds)) expect(readdirSync(prebuilds)).toEqual([LAMBDA_PREBUILD]);
      }
    }
  });
});

function templates(name: StageName): Synthesised['templates'] {
  return stage(name).templates;
}
