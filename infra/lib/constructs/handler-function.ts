import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { RouteDefinition } from '@club/shared';
import {
  handlerEntry,
  lambdaEsbuildOptions,
  nativeModuleCopyCommands,
  NODE_TARGET,
  repoRoot,
} from '../bundling';
import type { StageConfig } from '../stage-config';

/** What a function may send mail as: the SES identity and the configuration set every message uses. */
export interface MailSettings {
  readonly identityArn: string;
  readonly configurationSetName: string;
  readonly from: string;
}

export interface HandlerFunctionProps {
  readonly route: RouteDefinition & { readonly name: string };
  readonly config: StageConfig;
  readonly table: ITable;
  /** The table's GSI names: the only indexes the function may query. */
  readonly indexNames: readonly string[];
  readonly secret: ISecret;
  readonly mail: MailSettings;
  /** https origin of the site; links in e-mails are built from it. */
  readonly siteUrl: string;
  /** Defaults to HandlerFunction.DEFAULT_MEMORY_MB. */
  readonly memorySize?: number;
  /** Defaults to, and may not exceed, HandlerFunction.MAX_TIMEOUT. */
  readonly timeout?: Duration;
}

/**
 * One API endpoint's Lambda with the house defaults (STYLE #8): Node.js 22 on arm64, ESM bundle from
 * bundling.ts, its own log group with the stage's retention, X-Ray, the reserved environment, and a role
 * that holds exactly this endpoint's grants. Stacks never create a function any other way.
 */
export class HandlerFunction extends Construct {
  /**
   * argon2id with OWASP parameters allocates 19–64 MiB per hash and Lambda's CPU share grows with memory:
   * 512 MB keeps a login near 100 ms. Everything else is I/O-bound and fits easily.
   */
  static readonly DEFAULT_MEMORY_MB = 512;
  /** API Gateway stops waiting at 30 s; a function that runs longer only burns money. */
  static readonly MAX_TIMEOUT = Duration.seconds(29);

  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    const { route, config } = props;
    const timeout = props.timeout ?? HandlerFunction.MAX_TIMEOUT;
    if (timeout.toSeconds() > HandlerFunction.MAX_TIMEOUT.toSeconds()) {
      throw new Error(
        `${route.name}: timeout above ${HandlerFunction.MAX_TIMEOUT.toSeconds()} s outlives the API`,
      );
    }
    const entry = handlerEntry(route.handler);
    if (!existsSync(entry)) {
      throw new Error(
        `Route ${route.name} names handler "${route.handler}", but ${relative(repoRoot, entry)} does not exist`,
      );
    }

    const logGroup = new LogGroup(this, 'Logs', {
      retention: config.logRetention,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // An own role instead of AWSLambdaBasicExecutionRole: it may write to this function's log group only.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${route.method} /api${route.path} (${config.stage})`,
    });
    logGroup.grantWrite(role);

    this.function = new NodejsFunction(this, 'Function', {
      description: `${route.method} /api${route.path} → ${route.handler}`,
      entry,
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? HandlerFunction.DEFAULT_MEMORY_MB,
      timeout,
      role,
      logGroup,
      tracing: Tracing.ACTIVE,
      environment: {
        STAGE: config.stage,
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        MAIL_FROM: props.mail.from,
        SES_CONFIGURATION_SET: props.mail.configurationSetName,
        SECRETS_ARN: props.secret.secretArn,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: NODE_TARGET,
        minify: lambdaEsbuildOptions.minify,
        sourceMap: lambdaEsbuildOptions.sourcemap,
        sourcesContent: lambdaEsbuildOptions.sourcesContent,
        mainFields: lambdaEsbuildOptions.mainFields,
        banner: lambdaEsbuildOptions.banner.js,
        externalModules: lambdaEsbuildOptions.external,
        bundleAwsSDK: true,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir, outputDir) => nativeModuleCopyCommands(inputDir, outputDir),
        },
      },
    });

    // Table data only: item reads and writes on the table, Query on its indexes. No Scan (no request path
    // scans, DESIGN), no table management.
    role.addToPolicy(
      new PolicyStatement({
        actions: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:ConditionCheckItem',
        ],
        resources: [props.table.tableArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: props.indexNames.map((index) => `${props.table.tableArn}/index/${index}`),
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [props.secret.secretArn],
      }),
    );
    if (route.mail) {
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
          'The product runs on Node.js 22 (DESIGN.md) and bundles for node22; moving to a newer runtime is a ' +
          'deliberate, tested change of runtime and esbuild target together, not an automatic one.',
      },
    ]);
  }
}
