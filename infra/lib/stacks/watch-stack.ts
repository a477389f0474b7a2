import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { API_PREFIX } from '@club/shared';
import { latencyAlarmMs, routeTimeout } from '../capacity';
import { AlarmTopic } from '../constructs/alarm-topic';
import type { StageConfig } from '../stage-config';
import type { RouteRow } from './api-stack';
import { CLOUDFRONT_REGION } from './edge-stack';
import type { WatchedFunction, WatchedQueue } from '../watched';

export interface WatchStackProps extends StackProps {
  readonly config: StageConfig;
  readonly functions: readonly WatchedFunction[];
  readonly deadLetterQueues: readonly WatchedQueue[];
  /** Queues of work (one per queue worker): their depth and oldest message on the dashboard. */
  readonly workQueues: readonly WatchedQueue[];
  /** The route table's rows: one p99 latency alarm each, its threshold from the row's timeout. */
  readonly routes: readonly RouteRow[];
  readonly api: IHttpApi;
  readonly table: ITable;
  /** For the dashboard's CDN and WAF graphs (their metrics live in us-east-1). */
  readonly distributionId: string;
  readonly webAclName: string;
}

/** The API's one stage (api stack). */
const STAGE_NAME = '$default';

/** The DynamoDB operations the functions send (db/*.ts): at most 10 metrics fit in one alarm's math. */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

/** SES's limits for an account under review: 5 % bounces (10 % pauses sending), 0.1 % complaints. */
export const SES_BOUNCE_RATE_ALARM = 0.05;
export const SES_COMPLAINT_RATE_ALARM = 0.001;

/** The API key of a route-table row, as API Gateway's detailed metrics name it. */
export const routeKey = (row: RouteRow): string => `${row.method} ${API_PREFIX}${row.path}`;

/**
 * The stage's alarms and its dashboard, in the stage's region. Every alarm goes to one encrypted SNS topic
 * with the stage's alarm e-mail subscribed. Built over lists (functions, dead-letter queues, route rows), so
 * a new route, worker or queue is watched by declaration. CloudFront's own alarm lives in us-east-1 (global
 * watch stack), where its metrics are; this dashboard shows those metrics across regions.
 */
export class WatchStack extends Stack {
  readonly alarmTopic: AlarmTopic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: WatchStackProps) {
    super(scope, id, props);
    const { config, api, table } = props;
    const prefix = `club-${config.stage}`;
    this.alarmTopic = new AlarmTopic(this, 'Alarms', { config, label: 'regional' });
    const alarm = (
      alarmId: string,
      metric: IMetric,
      options: {
        threshold: number;
        description: string;
        periods?: number;
        comparison?: ComparisonOperator;
      },
    ): Alarm => {
      const created = new Alarm(this, alarmId, {
        alarmName: `${prefix}-${alarmId}`,
        alarmDescription: options.description,
        metric,
        threshold: options.threshold,
        evaluationPeriods: options.periods ?? 1,
        datapointsToAlarm: options.periods ?? 1,
        comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // No traffic is not a failure: a quiet night must not page anyone.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      this.alarms.push(this.alarmTopic.watch(created));
      return created;
    };
    const fiveMinutes = Duration.minutes(5);

    // Functions: any error (a crash, a timeout, a failed init; handled errors answer 5xx and count below)
    // and any throttle (reserved concurrency or the account's limit reached).
    for (const { name, function: fn } of props.functions) {
      alarm(`${name}-errors`, fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), {
        threshold: 1,
        description: `${name}: the function failed (error, timeout or crash). See its log group.`,
      });
      alarm(`${name}-throttles`, fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }), {
        threshold: 1,
        description: `${name}: invocations were throttled (concurrency cap or account limit reached).`,
      });
    }

    // The API: server errors on any route, and each route's p99 latency at half its timeout.
    const apiMetric = (metricName: string, statistic: string, route?: RouteRow): Metric =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: {
          ApiId: api.apiId,
          Stage: STAGE_NAME,
          ...(route && { Route: routeKey(route) }),
        },
        statistic,
        period: fiveMinutes,
      });
    alarm('api-5xx', apiMetric('5xx', 'Sum'), {
      threshold: 5,
      description:
        'The API answered 5 or more server errors in 5 minutes (see the access log and functions).',
    });
    // The whole API's p99 against the most generous route's threshold: calls broadly heading for timeouts.
    // A bulk import (rare, an admin's file) has its own alarm and does not loosen the whole API's.
    const apiThresholdMs = Math.max(
      ...props.routes
        .filter((route) => !route.bulkImport)
        .map((route) => latencyAlarmMs(routeTimeout(route))),
    );
    alarm('api-p99-latency', apiMetric('Latency', 'p99'), {
      threshold: apiThresholdMs,
      periods: 3,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: `The API's p99 latency above ${apiThresholdMs} ms for 15 minutes.`,
    });
    // Per-route figures exist only with the stage's detailed route metrics.
    for (const route of config.detailedRouteMetrics ? props.routes : []) {
      const thresholdMs = latencyAlarmMs(routeTimeout(route));
      alarm(`${route.name}-p99-latency`, apiMetric('Latency', 'p99', route), {
        threshold: thresholdMs,
        periods: 3,
        comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
        description: `${routeKey(route)}: p99 latency above ${thresholdMs} ms for 15 minutes (half its timeout).`,
      });
    }

    // The table: throttled requests (the on-demand ceiling reached) and DynamoDB's own errors.
    alarm(
      'table-throttles',
      table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: fiveMinutes }),
      {
        threshold: 1,
        description: 'DynamoDB throttled requests: the table reached its on-demand ceiling (stage config).',
      },
    );
    alarm(
      'table-system-errors',
      table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: fiveMinutes }),
      { threshold: 1, description: 'DynamoDB answered internal errors (its side; the SDK retried them).' },
    );

    // SES reputation (account-wide in this region): AWS reviews an account at 5 % bounces or 0.1 % complaints.
    const sesRate = (metricName: string): Metric =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.minutes(15) });
    alarm('ses-bounce-rate', sesRate('Reputation.BounceRate'), {
      threshold: SES_BOUNCE_RATE_ALARM,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description:
        'SES bounce rate above 5 %: sending may be paused at 10 %. Check the suppressed addresses.',
    });
    alarm('ses-complaint-rate', sesRate('Reputation.ComplaintRate'), {
      threshold: SES_COMPLAINT_RATE_ALARM,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: 'SES complaint rate above 0.1 %: sending may be paused at 0.5 %.',
    });

    for (const { name, queue } of props.deadLetterQueues) {
      alarm(
        `${name}-messages`,
        queue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' }),
        { threshold: 1, description: `${name}: work that failed for good is waiting (docs/deploy.md).` },
      );
    }

    this.dashboard(props, apiMetric);
  }

  /** One dashboard with the alarms' figures, CloudFront's and the WAF's included (us-east-1 metrics). */
  private dashboard(
    props: WatchStackProps,
    apiMetric: (name: string, stat: string, route?: RouteRow) => Metric,
  ) {
    const { config, table } = props;
    const edgeMetric = (
      namespace: string,
      metricName: string,
      dimensionsMap: Record<string, string>,
      statistic: string,
    ) =>
      new Metric({
        namespace,
        metricName,
        dimensionsMap,
        statistic,
        region: CLOUDFRONT_REGION,
        period: Duration.minutes(5),
      });
    const cdn = { DistributionId: props.distributionId, Region: 'Global' };
    const width = 12;
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `club-${config.stage}`,
      defaultInterval: Duration.hours(24),
    });
    dashboard.addWidgets(
      new TextWidget({
        markdown:
          `# Club website (${config.stage})\nAlarms mail ${config.alarmEmail}. CloudFront's 5xx alarm and the ` +
          'budget live in us-east-1 (stack club-' +
          config.stage +
          '-watch-global).',
        width: 24,
        height: 2,
      }),
      new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors',
        left: [apiMetric('Count', 'Sum'), apiMetric('4xx', 'Sum'), apiMetric('5xx', 'Sum')],
        width,
      }),
      new GraphWidget({
        title: config.detailedRouteMetrics ? 'API latency p99 by route (ms)' : 'API latency (ms)',
        left: config.detailedRouteMetrics
          ? props.routes.map((route) => apiMetric('Latency', 'p99', route).with({ label: route.name }))
          : [apiMetric('Latency', 'p50'), apiMetric('Latency', 'p99')],
        width,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Function errors',
        left: props.functions.map(({ name, function: fn }) =>
          fn.metricErrors({ label: name, statistic: 'Sum' }),
        ),
        width,
      }),
      new GraphWidget({
        title: 'Function throttles',
        left: props.functions.map(({ name, function: fn }) =>
          fn.metricThrottles({ label: name, statistic: 'Sum' }),
        ),
        width,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Table: throttled requests',
        left: [
          table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, label: 'throttled' }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Table: system errors',
        left: [
          table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, label: 'system errors' }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Table: consumed capacity',
        left: [table.metricConsumedReadCapacityUnits(), table.metricConsumedWriteCapacityUnits()],
        width: 8,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'SES bounce and complaint rates',
        left: [
          new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', statistic: 'Maximum' }),
          new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', statistic: 'Maximum' }),
        ],
        width,
      }),
      new GraphWidget({
        title: 'Dead-letter queues',
        left: props.deadLetterQueues.map(({ name, queue }) =>
          queue.metricApproximateNumberOfMessagesVisible({ label: name, statistic: 'Maximum' }),
        ),
        width,
      }),
      new GraphWidget({
        title: 'Work queues: waiting messages, and the age of the oldest (s)',
        left: props.workQueues.map(({ name, queue }) =>
          queue.metricApproximateNumberOfMessagesVisible({ label: name, statistic: 'Maximum' }),
        ),
        right: props.workQueues.map(({ name, queue }) =>
          queue.metricApproximateAgeOfOldestMessage({ label: `${name} oldest`, statistic: 'Maximum' }),
        ),
        width,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'CloudFront: requests and 5xx rate (%)',
        left: [edgeMetric('AWS/CloudFront', 'Requests', cdn, 'Sum')],
        right: [edgeMetric('AWS/CloudFront', '5xxErrorRate', cdn, 'Average')],
        width,
      }),
      new GraphWidget({
        title: 'WAF: blocked requests by rule',
        left: ['auth-per-address', 'api-per-address', 'aws-common-rules'].map((rule) =>
          edgeMetric('AWS/WAFV2', 'BlockedRequests', { WebACL: props.webAclName, Rule: rule }, 'Sum').with({
            label: rule,
          }),
        ),
        width,
      }),
    );
  }
}
