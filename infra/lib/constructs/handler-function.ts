import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { RouteDefinition } from '@club/shared';
import { handlerEntry } from '../bundling';
import type { StageConfig } from '../stage-config';
import { createClubFunction, type MailSettings } from './club-function';

export type { MailSettings } from './club-function';

export interface HandlerFunctionProps {
  readonly route: RouteDefinition & { readonly name: string };
  readonly config: StageConfig;
  readonly table: ITable;
  /** The table's GSI names: the only indexes the function may query. */
  readonly indexNames: readonly string[];
  readonly secret: ISecret;
  /**
   * The Stripe keys: named in the environment and readable only when the row has `payments: true`; every
   * other function gets neither.
   */
  readonly stripeSecret: ISecret;
  /** The x-origin-verify value CloudFront sends (lib/http.ts refuses requests without it). */
  readonly originSecret: ISecret;
  readonly mail: MailSettings;
  /** https origin of the site; links in e-mails are built from it. */
  readonly siteUrl: string;
  /**
   * The result-mail queue: named in the environment, and open to sqs:SendMessage, only when the row has
   * `queue: true`.
   */
  readonly resultMailQueue?: IQueue;
  /** Defaults to HandlerFunction.DEFAULT_MEMORY_MB. */
  readonly memorySize?: number;
  /** Defaults to, and may not exceed, HandlerFunction.MAX_TIMEOUT. */
  readonly timeout?: Duration;
}

/**
 * One API endpoint's Lambda: createClubFunction's house defaults for the route's handler, with exactly this
 * endpoint's grants: the app and origin secrets, SES only with `mail`, the Stripe secret only with
 * `payments`, sending to the result-mail queue only with `queue`. Stacks never create a function any
 * other way.
 */
export class HandlerFunction extends Construct {
  /**
   * argon2id with OWASP parameters allocates 19–64 MiB per hash and Lambda's CPU share grows with memory:
   * 512 MB keeps a login near 100 ms. Everything else is I/O-bound and fits easily.
   */
  static readonly DEFAULT_MEMORY_MB = 512;
  /** API Gateway stops waiting at 30 s; a function that runs longer only burns money. */
  static readonly MAX_TIMEOUT = Duration.seconds(29);

  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    const { route, config } = props;
    const timeout = props.timeout ?? HandlerFunction.MAX_TIMEOUT;
    if (timeout.toSeconds() > HandlerFunction.MAX_TIMEOUT.toSeconds()) {
      throw new Error(
        `${route.name}: timeout above ${HandlerFunction.MAX_TIMEOUT.toSeconds()} s outlives the API`,
      );
    }
    const queue = route.queue ? props.resultMailQueue : undefined;
    if (route.queue && !queue) throw new Error(`Route ${route.name} has queue: true but no queue was given`);

    const fn = createClubFunction(this, {
      entry: handlerEntry(route.handler),
      description: `${route.method} /api${route.path} → ${route.handler}`,
      roleDescription: `${route.method} /api${route.path}`,
      config,
      table: props.table,
      indexNames: props.indexNames,
      siteUrl: props.siteUrl,
      mail: props.mail,
      sendsMail: route.mail === true,
      memorySize: props.memorySize ?? HandlerFunction.DEFAULT_MEMORY_MB,
      timeout,
      environment: {
        SECRETS_ARN: props.secret.secretArn,
        ORIGIN_VERIFY_SECRET_ARN: props.originSecret.secretArn,
        ...(route.payments && { STRIPE_SECRET_ARN: props.stripeSecret.secretArn }),
        ...(queue && { RESULT_MAIL_QUEUE_URL: queue.queueUrl }),
      },
    });
    this.function = fn.function;

    fn.role.addToPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [props.secret.secretArn, props.originSecret.secretArn],
      }),
    );
    // The Stripe secret key can charge cards and refund them: only the functions that talk to Stripe read it.
    if (route.payments) {
      fn.role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [props.stripeSecret.secretArn],
        }),
      );
    }
    // Putting work on the result-mail queue, and nothing else with it (SSE is SQS-managed: no key grant).
    if (queue) {
      fn.role.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
    }
  }
}
