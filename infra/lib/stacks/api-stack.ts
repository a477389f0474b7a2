import {
  type CfnResource,
  CfnOutput,
  Duration,
  NestedStack,
  RemovalPolicy,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  AuthorizerPayloadVersion,
  type CfnStage,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  type IHttpApi,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@club/functions/deploy-facts';
import { API_PREFIX, type QueueName, type RouteDefinition, type RouteName } from '@club/shared';
import { routeTimeout } from '../capacity';
import { HandlerFunction, type MailSettings } from '../constructs/handler-function';
import { QueueWorker } from '../constructs/queue-worker';
import { PLATFORM_FUNCTIONS, QUEUE_WORKERS } from '../platform-functions';
import type { StageConfig } from '../stage-config';

export type RouteRow = RouteDefinition & { readonly name: string };

/**
 * The part of the API a row belongs to: its handler's folder (`admin/set-fee` → `admin`). Each part's
 * functions and routes live in a nested stack of their own, so the API stack stays far below CloudFormation's
 * 500 resources per stack (each row is 7: function, role, policy, log group, permission, integration, route)
 * however many rows the table grows, and a row keeps its stack as other parts grow.
 */
export function routeArea(route: RouteDefinition): string {
  return route.handler.split('/')[0]!;
}

/** Anyone can call it without signing in: a flood needs no account (stage config reservedConcurrency). */
export function isAnonymous(route: RouteDefinition): boolean {
  return route.access === 'public' || route.access === 'stripe-signature';
}

/**
 * A row's reserved concurrency on this stage (docs/capacity.md, Lambda): its own figure if the stage gives it
 * one, else the anonymous functions' cap if anyone can call it, else none (it shares the account's pool).
 */
export function reservedConcurrencyOf(route: RouteRow, config: StageConfig): number | undefined {
  const reserved = config.reservedConcurrency;
  if (!reserved) return undefined;
  return (
    reserved.routes?.[route.name as RouteName] ?? (isAnonymous(route) ? reserved.anonymousRoute : undefined)
  );
}

/** The route key API Gateway knows a row by: `POST /api/tryouts/register`. */
export function routeKeyOf(route: RouteDefinition): string {
  return `${route.method} ${API_PREFIX}${route.path}`;
}

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  /** The HTTP API (created bare in the web stack, which CloudFront points at). */
  readonly api: IHttpApi;
  readonly siteUrl: string;
  readonly table: ITable;
  readonly indexNames: readonly string[];
  readonly secret: ISecret;
  /** The Stripe keys, for the functions whose row has `payments: true` only. */
  readonly stripeSecret: ISecret;
  /** The x-origin-verify value CloudFront sends; every function refuses requests without it. */
  readonly originSecret: ISecret;
  /** The operator-filled Sentry DSN. */
  readonly sentrySecret: ISecret;
  readonly mail: MailSettings;
  /** The route table's rows: routeList() in the app, a purpose-built table in tests. */
  readonly routes: readonly RouteRow[];
}

/**
 * The API's stage, its origin authorizer and, for every route-table row, one function and one route (nothing
 * is listed by hand); a queue worker per declared queue (QUEUE_WORKERS), which the rows naming it send to;
 * and the function that records SES's events.
 */
export class ApiStack extends Stack {
  /** The endpoints' functions, by route-table row name. */
  readonly functions: ReadonlyMap<string, HandlerFunction>;
  /** The nested stacks holding the endpoints' functions and routes, by area (routeArea). */
  readonly routeStacks: ReadonlyMap<string, NestedStack>;
  /** Lets only CloudFront's requests reach an endpoint (x-origin-verify), in front of every route. */
  readonly originAuthorizer: HandlerFunction;
  /** Records SES's bounces, complaints and deliveries, so a bounced address is never mailed again. */
  readonly mailEvents: HandlerFunction;
  /** SES events the mail-events function could not record after its retries: any message here is an alarm. */
  readonly mailEventsDeadLetters: Queue;
  /**
   * Once a day: removes registrations' personal data past the retention period, and notices, then deletes,
   * accounts unused that long (issue 19).
   */
  readonly retention: HandlerFunction;
  /** Every 15 minutes: card refunds a crash or a lost answer left waiting for Stripe (issue 34). */
  readonly refundSweep: HandlerFunction;
  /** Hourly: queues the day-before reminders of tomorrow's tryout sessions (issue 37). */
  readonly sessionReminders: HandlerFunction;
  readonly numberingSweep: HandlerFunction;
  /**
   * Every minute: the active season's offers go out at their hour, lapse at their deadline (a freed place to
   * the next alternate), and the admins' daily summary goes (issue 45).
   */
  readonly offerSweep: HandlerFunction;
  /**
   * Every hour: team fee instalments due (their Edmonton day has come) are charged to the card saved at the
   * first payment, and a declined one is mailed to the family (issue 46).
   */
  readonly instalmentSweep: HandlerFunction;
  /** Each queue the rows send work to (`queue: '<name>'`), with its dead-letter queue and worker. */
  readonly queueWorkers: ReadonlyMap<QueueName, QueueWorker>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, api } = props;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const stage = new HttpStage(this, 'Stage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      // The backstop for the whole API; the functions rate-limit sign-in attempts per e-mail and address.
      throttle: config.throttle,
      // Per-route metrics (Route dimension): each route's p99 latency is alarmed on (watch stack).
      detailedMetricsEnabled: config.detailedRouteMetrics,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // No headers, query strings or bodies: access logs must not hold tokens or personal data. The
        // route key is the row's template, never the request's own path (a path parameter is not logged).
        // `ip` is the visitor's address, which the origin authorizer reads from CloudFront-Viewer-Address;
        // `connectionIp` is who connected: a CloudFront edge, or the caller itself when it skipped CloudFront
        // (then `ip` is empty and `status` 401/403).
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.authorizer.viewerIp',
            connectionIp: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            error: '$context.error.message',
          }),
        ),
      },
    });

    // A request that skipped CloudFront lacks x-origin-verify (or carries a forged one): API Gateway answers
    // 401 itself when a header is missing and caches the authorizer's refusal per value, so a flood straight
    // at the execute-api endpoint runs no endpoint's function. The authorizer only reads the origin secret.
    this.originAuthorizer = new HandlerFunction(this, 'OriginAuthorizer', {
      name: 'originAuthorizer',
      handler: PLATFORM_FUNCTIONS.originAuthorizer.handler,
      description: 'Lets only requests that came through CloudFront reach the API (x-origin-verify)',
      config,
      environment: { ORIGIN_VERIFY_SECRET_ARN: props.originSecret.secretArn },
      secrets: [props.originSecret],
      // One string comparison, and a Secrets Manager read on a cold start.
      timeout: Duration.seconds(3),
      memorySize: 256,
      ...(config.reservedConcurrency && { reservedConcurrency: config.reservedConcurrency.originAuthorizer }),
    });
    // Declared here rather than with HttpLambdaAuthorizer, which would place the authorizer and its invoke
    // permission in the HTTP API's stack (web), making web depend on this stack and closing a cycle.
    const originAuthorizer = new HttpAuthorizer(this, 'OriginAuthorizerConfig', {
      httpApi: api,
      authorizerName: 'cloudfront-origin',
      type: HttpAuthorizerType.LAMBDA,
      authorizerUri: `arn:${this.partition}:apigateway:${this.region}:lambda:path/2015-03-31/functions/${this.originAuthorizer.function.functionArn}/invocations`,
      enableSimpleResponses: true,
      payloadFormatVersion: AuthorizerPayloadVersion.VERSION_2_0,
      // Both must be present or API Gateway refuses without running the authorizer. The viewer address is
      // part of the cache key because the answer carries it: a cached answer is always this visitor's.
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`, `$request.header.${VIEWER_ADDRESS_HEADER}`],
      // A visitor's connection is checked once per 5 minutes; a rotated origin secret is honoured (and the
      // old one refused) within that after CloudFront switches.
      resultsCacheTtl: Duration.minutes(5),
    });
    this.originAuthorizer.function.addPermission('InvokedByApiAuthorizer', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: this.formatArn({
        service: 'execute-api',
        resource: api.apiId,
        resourceName: `authorizers/${originAuthorizer.authorizerId}`,
      }),
    });
    const authorizer: IHttpRouteAuthorizer = {
      bind: () => ({ authorizerId: originAuthorizer.authorizerId, authorizationType: 'CUSTOM' }),
    };

    this.queueWorkers = new Map(
      (Object.keys(QUEUE_WORKERS) as QueueName[]).map((name) => [
        name,
        // The construct id is the queue's name capitalised (ResultMail): its queues keep their logical ids.
        new QueueWorker(this, name.charAt(0).toUpperCase() + name.slice(1), {
          name,
          config,
          table: props.table,
          indexNames: props.indexNames,
          mail: props.mail,
          siteUrl: props.siteUrl,
        }),
      ]),
    );

    const functions = new Map<string, HandlerFunction>();
    const areas = new Map<string, NestedStack>();
    const areaOf = (route: RouteRow): NestedStack => {
      const area = routeArea(route);
      let nested = areas.get(area);
      if (!nested) {
        const name = area.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());
        nested = new NestedStack(this, `${name}Routes`, {
          description: `Club website ${config.stage}: the API's ${area} routes`,
        });
        areas.set(area, nested);
      }
      return nested;
    };
    for (const route of props.routes) {
      const id = route.name.charAt(0).toUpperCase() + route.name.slice(1);
      const reservedConcurrency = reservedConcurrencyOf(route, config);
      const scope = areaOf(route);
      const fn = HandlerFunction.forRoute(scope, id, {
        route,
        config,
        table: props.table,
        indexNames: props.indexNames,
        secret: props.secret,
        stripeSecret: props.stripeSecret,
        originSecret: props.originSecret,
        sentrySecret: props.sentrySecret,
        mail: props.mail,
        siteUrl: props.siteUrl,
        queues: this.queueWorkers,
        timeout: routeTimeout(route),
        ...(reservedConcurrency !== undefined && { reservedConcurrency }),
      });
      functions.set(route.name, fn);

      // Routes are registered under /api, exactly as the browser requests them: CloudFront forwards /api/*
      // to the API unchanged (an origin path cannot remove a prefix), and the local server routes the same
      // paths, so no layer rewrites URLs and a path in a log is the path in the route table.
      new HttpRoute(scope, `${id}Route`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(`${API_PREFIX}${route.path}`, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn.function),
        // The authorizer proves "came through CloudFront"; who may call the route (access "public", "user",
        // "player", "admin" or Stripe's signature) is checked first thing in the handler, from the route
        // table, and tested by the access-matrix tests.
        authorizer,
      });
    }
    this.functions = functions;
    this.routeStacks = areas;

    // Routes throttled apart from the stage's default (docs/capacity.md, API Gateway). CloudFormation refuses
    // a route setting whose route does not exist yet, so the stage waits for the nested stacks holding them;
    // each keeps the stage's detailed metrics, which its p99 alarm reads.
    const throttled = props.routes.filter((route) => config.routeThrottles?.[route.name as RouteName]);
    if (throttled.length > 0) {
      const cfnStage = stage.node.defaultChild as CfnStage;
      cfnStage.routeSettings = Object.fromEntries(
        throttled.map((route) => {
          const { rateLimit, burstLimit } = config.routeThrottles![route.name as RouteName]!;
          return [
            routeKeyOf(route),
            // A JSON map in CloudFormation's own spelling: CDK passes it through unchanged.
            {
              ThrottlingRateLimit: rateLimit,
              ThrottlingBurstLimit: burstLimit,
              DetailedMetricsEnabled: config.detailedRouteMetrics,
            },
          ];
        }),
      );
      for (const route of throttled) {
        cfnStage.addResourceDependency(areas.get(routeArea(route))!.nestedStackResource as CfnResource);
      }
    }

    // SES's events for this stage's configuration set, from the default bus (mail stack). A failure is
    // retried by EventBridge (delivery) and by Lambda (the function), then kept in the dead-letter queue:
    // a bounce that was never recorded would let the club keep mailing a dead address.
    this.mailEvents = new HandlerFunction(this, 'MailEvents', {
      name: 'mailEvents',
      handler: PLATFORM_FUNCTIONS.mailEvents.handler,
      description: 'Records SES bounces, complaints and deliveries; a bounced address is never mailed again',
      config,
      // The table is all it touches; SITE_URL only because the shared configuration requires it.
      environment: { TABLE_NAME: props.table.tableName, SITE_URL: props.siteUrl },
      table: { table: props.table, indexNames: props.indexNames, access: 'write' },
      secrets: [],
      timeout: Duration.seconds(10),
    });
    this.mailEventsDeadLetters = new Queue(this, 'MailEventsDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    NagSuppressions.addResourceSuppressions(this.mailEventsDeadLetters, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          'This queue is itself the dead-letter queue of the SES event rule and function; an alarm fires on ' +
          'its first message and an operator redrives or reads it (docs/deploy.md), nothing consumes it.',
      },
    ]);
    this.mailEvents.function.configureAsyncInvoke({
      onFailure: new SqsDestination(this.mailEventsDeadLetters),
      retryAttempts: 2,
    });
    // The retention run, daily at 09:00 UTC (2 or 3 a.m. in Edmonton). It reads the accounts index and the
    // seasons (Queries, no Scan), rewrites registrations, deletes accounts and mails their notices. EventBridge
    // retries a failed run, the error alarm fires, and the next day's run finishes what one left.
    this.retention = new HandlerFunction(this, 'Retention', {
      name: 'retention',
      handler: PLATFORM_FUNCTIONS.retention.handler,
      description:
        'Daily: removes personal data kept past the retention period; notices and deletes unused accounts',
      config,
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        MAIL_FROM: props.mail.from,
        MAIL_REPLY_TO: props.mail.replyTo,
        SES_CONFIGURATION_SET: props.mail.configurationSetName,
        RETENTION_MONTHS: String(config.retentionMonths),
      },
      table: { table: props.table, indexNames: props.indexNames, access: 'write' },
      secrets: [],
      mail: props.mail,
      timeout: Duration.minutes(10),
      apiWaits: false,
      memorySize: 256,
    });
    new Rule(this, 'RetentionSchedule', {
      description: `Club website ${config.stage}: the daily retention run (issue 19)`,
      schedule: Schedule.cron({ minute: '0', hour: '9' }),
      targets: [
        new LambdaFunction(this.retention.function, { retryAttempts: 2, maxEventAge: Duration.hours(6) }),
      ],
    });

    // The refund sweep, every 15 minutes: a card refund reserved but never settled caps the registration's
    // later refunds until Stripe is asked again with its key. It reads the seasons' refunds (Queries) and talks
    // to Stripe, so it alone of the scheduled functions reads the Stripe secret. A failed run is retried, the
    // error alarm fires, and the next run settles what one left.
    this.refundSweep = new HandlerFunction(this, 'RefundSweep', {
      name: 'refundSweep',
      handler: PLATFORM_FUNCTIONS.refundSweep.handler,
      description: 'Every 15 minutes: settles or releases card refunds left waiting for Stripe',
      config,
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        STRIPE_SECRET_ARN: props.stripeSecret.secretArn,
        // A refund it settles is mailed to the family (issue 36).
        MAIL_FROM: props.mail.from,
        MAIL_REPLY_TO: props.mail.replyTo,
        SES_CONFIGURATION_SET: props.mail.configurationSetName,
      },
      table: { table: props.table, indexNames: props.indexNames, access: 'write' },
      secrets: [props.stripeSecret],
      mail: props.mail,
      timeout: Duration.minutes(2),
      apiWaits: false,
      memorySize: 256,
    });
    new Rule(this, 'RefundSweepSchedule', {
      description: `Club website ${config.stage}: the refund sweep (issue 34)`,
      schedule: Schedule.rate(Duration.minutes(15)),
      targets: [
        new LambdaFunction(this.refundSweep.function, {
          retryAttempts: 2,
          maxEventAge: Duration.minutes(15),
        }),
      ],
    });

    // The day-before reminders, hourly (issue 37): it reads the active season and its registrations, marks each
    // session's reminders queued (a family notice) and puts one message per family on the result-mail queue,
    // whose worker mails them at the stage's rate. It sends no mail itself and reads no secret.
    const mailQueue = this.queueWorkers.get('resultMail')!;
    this.sessionReminders = new HandlerFunction(this, 'SessionReminders', {
      name: 'sessionReminders',
      handler: PLATFORM_FUNCTIONS.sessionReminders.handler,
      description: 'Hourly: queues the day-before reminder of tomorrow’s tryout sessions',
      config,
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        [mailQueue.queueUrlVariable]: mailQueue.queue.queueUrl,
      },
      table: { table: props.table, indexNames: props.indexNames, access: 'write' },
      secrets: [],
      sendsTo: [mailQueue.queue],
      timeout: Duration.minutes(2),
      apiWaits: false,
      memorySize: 256,
    });
    new Rule(this, 'SessionRemindersSchedule', {
      description: `Club website ${config.stage}: the day-before tryout reminders (issue 37)`,
      schedule: Schedule.rate(Duration.hours(1)),
      targets: [
        new LambdaFunction(this.sessionReminders.function, {
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
        }),
      ],
    });

    // The numbering sweep, every minute (issue 43, decision 67): registrations written but left waiting for
    // their tryout number by a request that died are numbered, and their cash confirmations are queued on the
    // family-mail queue. It takes the season's numbering turn like any registration; no secret, no mail.
    const familyMail = this.queueWorkers.get('familyMail')!;
    this.numberingSweep = new HandlerFunction(this, 'NumberingSweep', {
      name: 'numberingSweep',
      handler: PLATFORM_FUNCTIONS.numberingSweep.handler,
      description: 'Every minute: numbers registrations left waiting, and passes lapsed waitlist spots on',
      config,
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        [familyMail.queueUrlVariable]: familyMail.queue.queueUrl,
      },
      table: { table: props.table, indexNames: props.indexNames, access: 'write' },
      secrets: [],
      sendsTo: [familyMail.queue],
      timeout: Duration.minutes(1),
      apiWaits: false,
      memorySize: 256,
    });
    new Rule(this, 'NumberingSweepSchedule', {
      description: `Club website ${config.stage}: the numbering sweep (issue 43)`,
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [
        new LambdaFunction(this.numberingSweep.function, {
          retryAttempts: 1,
          maxEventAge: Duration.minutes(1),
        }),
      ],
    });

    // The offer sweep, every minute (issue 45): publishes a season's offers at their hour, expires offers
    // past their deadline and offers freed places to alternates (each a conditional transaction, so an
    // overlapping run changes nothing twice), queues the families' offer mail on the result-mail queue, and
    // sends the admins' daily summary itself (mail, no secret).
    this.offerSweep = new HandlerFunction(this, 'OfferSweep', {
      name: 'offerSweep',
      handler: PLATFORM_FUNCTIONS.offerSweep.handler,
      description: 'Every minute: publishes offers at their hour, expires them at their deadline',
      config,
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        [mailQueue.queueUrlVariable]: mailQueue.queue.queueUrl,
        MAIL_FROM: props.mail.from,
        MAIL_REPLY_TO: props.mail.replyTo,
        SES_CONFIGURATION_SET: props.mail.configurationSetName,
      },
      table: { table: props.table, indexNames: props.indexNames, access: 'write' },
      secrets: [],
      mail: props.mail,
      sendsTo: [mailQueue.queue],
      timeout: Duration.minutes(1),
      apiWaits: false,
      memorySize: 256,
    });
    new Rule(this, 'OfferSweepSchedule', {
      description: `Club website ${config.stage}: the offer sweep (issue 45)`,
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [
        new LambdaFunction(this.offerSweep.function, {
          retryAttempts: 1,
          maxEventAge: Duration.minutes(1),
        }),
      ],
    });

    // The instalment sweep, hourly (issue 46): charges team fee instalments due that day to the card saved at
    // the first payment (Stripe, under a key per instalment and attempt), and queues a declined one's mail on
    // the family-mail queue. A claim per instalment makes an overlapping run charge nobody twice. Hourly, not
    // daily, so a charge a crashed run left unrecorded is asked again within the hour under the same key, well
    // inside the 24 hours Stripe keeps a key (a day later, a second payment could be made).
    this.instalmentSweep = new HandlerFunction(this, 'InstalmentSweep', {
      name: 'instalmentSweep',
      handler: PLATFORM_FUNCTIONS.instalmentSweep.handler,
      description: 'Hourly: charges team fee instalments due to the saved card, each once',
      config,
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        STRIPE_SECRET_ARN: props.stripeSecret.secretArn,
        [familyMail.queueUrlVariable]: familyMail.queue.queueUrl,
      },
      table: { table: props.table, indexNames: props.indexNames, access: 'write' },
      secrets: [props.stripeSecret],
      sendsTo: [familyMail.queue],
      timeout: Duration.minutes(5),
      apiWaits: false,
      memorySize: 256,
    });
    new Rule(this, 'InstalmentSweepSchedule', {
      description: `Club website ${config.stage}: the instalment sweep (issue 46)`,
      schedule: Schedule.cron({ minute: '0' }),
      targets: [
        new LambdaFunction(this.instalmentSweep.function, {
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
        }),
      ],
    });

    new Rule(this, 'MailEventsRule', {
      description: `Club website ${config.stage}: SES bounces, complaints and deliveries to the mail-events function`,
      eventPattern: {
        source: ['aws.ses'],
        detailType: ['Email Bounced', 'Email Complaint Received', 'Email Delivered'],
        detail: { mail: { tags: { 'ses:configuration-set': [props.mail.configurationSetName] } } },
      },
      targets: [
        new LambdaFunction(this.mailEvents.function, {
          deadLetterQueue: this.mailEventsDeadLetters,
          retryAttempts: 8,
          maxEventAge: Duration.hours(24),
        }),
      ],
    });

    new CfnOutput(this, 'ApiEndpoint', {
      value: api.apiEndpoint,
      description:
        'Direct API Gateway endpoint; calls that skip CloudFront (no x-origin-verify) get 401/403 and run no function',
    });
  }
}
