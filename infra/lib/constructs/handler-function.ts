import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { AssetHashType, DockerImage, Duration, type ILocalBundling, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { QueueName, RouteDefinition, TableAccess } from '@club/shared';
import { buildLambdaAsset, functionsDir, handlerEntry, repoRoot } from '../bundling';
import type { StageConfig } from '../stage-config';

/** What a function may send mail as: the SES identity and the configuration set every message uses. */
export interface MailSettings {
  readonly identityArn: string;
  readonly configurationSetName: string;
  readonly from: string;
  /** Where replies go: an address a person at the club reads (the From address is no-reply). */
  readonly replyTo: string;
}

/** The DynamoDB actions each table access level grants (on the table; Query also on each named index). */
export const TABLE_ACTIONS: Readonly<Record<TableAccess, readonly string[]>> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    // TransactWriteItems is authorised per item by Put/Update/Delete and this.
    'dynamodb:ConditionCheckItem',
  ],
};

export interface HandlerFunctionProps {
  /** Its short name (the route-table row's name for an endpoint): descriptions, alarms, dashboard. */
  readonly name: string;
  /** functions/src/handlers/<handler>.ts, which exports `handler`. */
  readonly handler: string;
  readonly description: string;
  readonly config: StageConfig;
  /** Variables beyond STAGE and NODE_OPTIONS, which every function gets. */
  readonly environment: Readonly<Record<string, string>>;
  /** The table and what the function may do to it; none = no DynamoDB permission at all. */
  readonly table?: {
    readonly table: ITable;
    /** The table's GSI names: the only indexes the function may query. */
    readonly indexNames: readonly string[];
    readonly access: TableAccess;
  };
  /** The secrets it may read (secretsmanager:GetSecretValue on exactly these, nothing else). */
  readonly secrets: readonly ISecret[];
  /** Send mail as this identity, through this configuration set; none = no SES permission. */
  readonly mail?: MailSettings;
  /** The queues it may put messages on (sqs:SendMessage on exactly these); none = no SQS permission. */
  readonly sendsTo?: readonly IQueue[];
  /**
   * Defaults to, and may not exceed, HandlerFunction.MAX_TIMEOUT, since API Gateway stops waiting then. A
   * function no request waits for (a queue's worker) says so with `apiWaits: false` and may run longer.
   */
  readonly timeout?: Duration;
  readonly apiWaits?: boolean;
  /** Defaults to HandlerFunction.DEFAULT_MEMORY_MB. */
  readonly memorySize?: number;
  /** Caps (and reserves) the function's concurrency; unset = the account's shared pool. */
  readonly reservedConcurrency?: number;
}

/** What an endpoint's function is built from: its route-table row and the stage's shared resources. */
export interface RouteFunctionProps {
  readonly route: RouteDefinition & { readonly name: string };
  readonly config: StageConfig;
  readonly table: ITable;
  readonly indexNames: readonly string[];
  readonly secret: ISecret;
  /**
   * The Stripe keys: named in the environment and readable only when the row has `payments: true`; every
   * other function gets neither.
   */
  readonly stripeSecret: ISecret;
  /** The x-origin-verify value CloudFront sends (handlers/http.ts refuses requests without it). */
  readonly originSecret: ISecret;
  /** The Sentry DSN, read on a function's first error report. */
  readonly sentrySecret: ISecret;
  readonly mail: MailSettings;
  /**
   * The queues of work: the one a row names (`queue: '<name>'`) is in its environment and open to its
   * sqs:SendMessage; every other function gets none.
   */
  readonly queues: ReadonlyMap<QueueName, { readonly queue: IQueue; readonly queueUrlVariable: string }>;
  /** https origin of the site; links in e-mails are built from it. */
  readonly siteUrl: string;
  readonly timeout?: Duration;
  readonly reservedConcurrency?: number;
}

/**
 * Builds a function's asset in-process with esbuild (bundling.ts). NodejsFunction cannot emit a code-split
 * folder (it bundles to one file), so the asset is a plain directory asset with local bundling. CDK puts
 * `entry` into the asset's cache key, so every function gets its own bundle.
 */
class SplitBundle implements ILocalBundling {
  constructor(readonly entry: string) {}

  /** Never falls back to Docker: an esbuild error throws and fails the synth with esbuild's message. */
  tryBundle(outputDir: string): boolean {
    buildLambdaAsset(this.entry, outputDir);
    return true;
  }
}

/**
 * CDK requires an image with any bundling; local bundling always succeeds, so it is never pulled or run and
 * synth needs no Docker.
 */
const UNUSED_BUNDLING_IMAGE = DockerImage.fromRegistry('local-bundling-only/never-pulled');

/**
 * One Lambda with the house defaults, in one place so every function is alike: Node.js 22 on arm64, ESM bundle from bundling.ts, its own
 * log group with the stage's retention, X-Ray, and a role that holds exactly this function's grants: the
 * table at its declared access level, the named secrets, SES only with `mail`, the named queues only. Endpoints
 * are built from their route-table row (forRoute); the API's other functions (origin authorizer, mail events)
 * and the result-mail worker are built from the same props. Stacks never create a function any other way.
 */
export class HandlerFunction extends Construct {
  /**
   * argon2id with OWASP parameters allocates 19–64 MiB per hash and Lambda's CPU share grows with memory:
   * 512 MB keeps a login near 100 ms. Everything else is I/O-bound and fits easily.
   */
  static readonly DEFAULT_MEMORY_MB = 512;
  /** API Gateway stops waiting at 30 s; a function that runs longer only burns money. */
  static readonly MAX_TIMEOUT = Duration.seconds(29);

  /** An endpoint's function: grants and environment follow its route-table row. */
  static forRoute(scope: Construct, id: string, props: RouteFunctionProps): HandlerFunction {
    const { route } = props;
    const sendsTo = route.queue ? props.queues.get(route.queue) : undefined;
    if (route.queue && !sendsTo)
      throw new Error(`${route.name} sends to queue ${route.queue}, which has no worker`);
    return new HandlerFunction(scope, id, {
      name: route.name,
      handler: route.handler,
      description: `${route.method} /api${route.path} → ${route.handler}`,
      config: props.config,
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        MAIL_FROM: props.mail.from,
        MAIL_REPLY_TO: props.mail.replyTo,
        SES_CONFIGURATION_SET: props.mail.configurationSetName,
        SECRETS_ARN: props.secret.secretArn,
        ORIGIN_VERIFY_SECRET_ARN: props.originSecret.secretArn,
        SENTRY_SECRET_ARN: props.sentrySecret.secretArn,
        ...(route.payments && { STRIPE_SECRET_ARN: props.stripeSecret.secretArn }),
        ...(sendsTo && { [sendsTo.queueUrlVariable]: sendsTo.queue.queueUrl }),
      },
      table: { table: props.table, indexNames: props.indexNames, access: route.table },
      // The Stripe secret key can charge cards and refund them: only the functions that talk to Stripe read it.
      secrets: [
        props.secret,
        props.originSecret,
        props.sentrySecret,
        ...(route.payments ? [props.stripeSecret] : []),
      ],
      ...(route.mail && { mail: props.mail }),
      // Putting work on its queue, and nothing else with it (SSE is SQS-managed: no key grant).
      ...(sendsTo && { sendsTo: [sendsTo.queue] }),
      ...(props.timeout && { timeout: props.timeout }),
      ...(props.reservedConcurrency !== undefined && { reservedConcurrency: props.reservedConcurrency }),
    });
  }

  readonly name: string;
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    const { config } = props;
    this.name = props.name;
    const timeout = props.timeout ?? HandlerFunction.MAX_TIMEOUT;
    if (props.apiWaits !== false && timeout.toSeconds() > HandlerFunction.MAX_TIMEOUT.toSeconds()) {
      throw new Error(
        `${props.name}: timeout above ${HandlerFunction.MAX_TIMEOUT.toSeconds()} s outlives the API`,
      );
    }
    const entry = handlerEntry(props.handler);
    if (!existsSync(entry)) {
      throw new Error(
        `${props.name} names handler "${props.handler}", but ${relative(repoRoot, entry)} does not exist`,
      );
    }

    const logGroup = new LogGroup(this, 'Logs', {
      retention: config.logRetention,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // An own role instead of AWSLambdaBasicExecutionRole: it may write to this function's log group only.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      // IAM descriptions take Latin-1 only: the name, not the function's description with its arrow.
      description: `Club website ${config.stage}: ${props.name} function`,
    });
    logGroup.grantWrite(role);

    this.function = new LambdaFunction(this, 'Function', {
      description: props.description,
      // The asset's hash is its bundled output: the same sources give the same bytes (bundleLambda), so an
      // unchanged function is not redeployed, and a change anywhere in its import graph is.
      code: Code.fromAsset(functionsDir, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: { image: UNUSED_BUNDLING_IMAGE, local: new SplitBundle(entry) },
      }),
      // index.mjs (BUNDLE_FILE), export `handler`.
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? HandlerFunction.DEFAULT_MEMORY_MB,
      timeout,
      ...(props.reservedConcurrency !== undefined && {
        reservedConcurrentExecutions: props.reservedConcurrency,
      }),
      role,
      logGroup,
      tracing: Tracing.ACTIVE,
      environment: {
        STAGE: config.stage,
        ...props.environment,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });

    // Table data only, at the declared level: no Scan (nothing the product runs reads a whole table), no table
    // management.
    if (props.table) {
      const { table, indexNames, access } = props.table;
      role.addToPolicy(
        new PolicyStatement({ actions: [...TABLE_ACTIONS[access]], resources: [table.tableArn] }),
      );
      role.addToPolicy(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: indexNames.map((index) => `${table.tableArn}/index/${index}`),
        }),
      );
    }
    if (props.secrets.length > 0) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: props.secrets.map((secret) => secret.secretArn),
        }),
      );
    }
    for (const queue of props.sendsTo ?? []) {
      role.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
    }
    if (props.mail) {
      const stack = Stack.of(this);
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [
            props.mail.identityArn,
            stack.formatArn({
              service: 'ses',
              resource: 'configuration-set',
              resourceName: props.mail.configurationSetName,
            }),
          ],
        }),
      );
    }

    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level ' +
            'permissions, so CDK grants them on "*"; every other statement of this role names its resource.',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
    NagSuppressions.addResourceSuppressions(this.function, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'The product runs on Node.js 22 and bundles for node22; moving to a newer runtime is a ' +
          'deliberate, tested change of runtime and esbuild target together, not an automatic one.',
      },
    ]);
  }
}
