import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import {
  AssetHashType,
  DockerImage,
  type Duration,
  type ILocalBundling,
  RemovalPolicy,
  Stack,
} from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { buildLambdaAsset, functionsDir, repoRoot } from '../bundling';
import type { StageConfig } from '../stage-config';

/** What a function may send mail as: the SES identity and the configuration set every message uses. */
export interface MailSettings {
  readonly identityArn: string;
  readonly configurationSetName: string;
  readonly from: string;
}

export interface ClubFunctionProps {
  /** The TypeScript file whose `handler` export the function runs. */
  readonly entry: string;
  /** What the function is (its description). */
  readonly description: string;
  /** What its role is for (IAM descriptions take Latin-1 text only). */
  readonly roleDescription: string;
  readonly config: StageConfig;
  readonly table: ITable;
  /** The table's GSI names: the only indexes the function may query. */
  readonly indexNames: readonly string[];
  /** https origin of the site; links in e-mails are built from it. */
  readonly siteUrl: string;
  readonly mail: MailSettings;
  /** Grants ses:SendEmail on the identity and configuration set. */
  readonly sendsMail: boolean;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** The function's own variables, beside the house ones (STAGE, TABLE_NAME, SITE_URL, MAIL_*). */
  readonly environment?: Record<string, string>;
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
 * Any Lambda of the product with the house defaults: Node.js 22 on arm64, ESM bundle from
 * bundling.ts, its own log group with the stage's retention, X-Ray, the house environment, table data
 * access, and a role of its own that the caller adds exactly its function's other grants to. The API's
 * functions (HandlerFunction) and the result-mail worker are both made by it; nothing makes a function any
 * other way. Its resources go straight into `scope` (Logs, Role, Function), so a construct built on it keeps
 * the logical ids it had before this was shared.
 */
export function createClubFunction(
  scope: Construct,
  props: ClubFunctionProps,
): { readonly function: LambdaFunction; readonly role: Role } {
  const { config } = props;
  if (!existsSync(props.entry)) {
    throw new Error(`${props.description}: ${relative(repoRoot, props.entry)} does not exist`);
  }

  const logGroup = new LogGroup(scope, 'Logs', {
    retention: config.logRetention,
    removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });

  // An own role instead of AWSLambdaBasicExecutionRole: it may write to this function's log group only.
  const role = new Role(scope, 'Role', {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `${props.roleDescription} (${config.stage})`,
  });
  logGroup.grantWrite(role);

  const fn = new LambdaFunction(scope, 'Function', {
    description: props.description,
    // The asset's hash is its bundled output: the same sources give the same bytes (bundleLambda), so an
    // unchanged function is not redeployed, and a change anywhere in its import graph is.
    code: Code.fromAsset(functionsDir, {
      assetHashType: AssetHashType.OUTPUT,
      bundling: { image: UNUSED_BUNDLING_IMAGE, local: new SplitBundle(props.entry) },
    }),
    // index.mjs (BUNDLE_FILE), export `handler`.
    handler: 'index.handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize,
    timeout: props.timeout,
    role,
    logGroup,
    tracing: Tracing.ACTIVE,
    environment: {
      STAGE: config.stage,
      TABLE_NAME: props.table.tableName,
      SITE_URL: props.siteUrl,
      MAIL_FROM: props.mail.from,
      SES_CONFIGURATION_SET: props.mail.configurationSetName,
      ...props.environment,
      NODE_OPTIONS: '--enable-source-maps',
    },
  });

  // Table data only: item reads and writes on the table, Query on its indexes. No Scan (nothing the product
  // runs reads a whole table), no table management.
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
  if (props.sendsMail) {
    const stack = Stack.of(scope);
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
  NagSuppressions.addResourceSuppressions(fn, [
    {
      id: 'AwsSolutions-L1',
      reason:
        'The product runs on Node.js 22 and bundles for node22; moving to a newer runtime is a ' +
        'deliberate, tested change of runtime and esbuild target together, not an automatic one.',
    },
  ]);
  return { function: fn, role };
}
