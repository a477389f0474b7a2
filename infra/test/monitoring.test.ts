/**
 * Who hears of a failure: the stage's alarms, where they go, and the dashboard. Built from the real route
 * table and function list, on both stages (no bundling: only asset hashes would differ).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '@club/shared';
import { repoRoot } from '../lib/bundling';
import type { StageName } from '../lib/stage-config';
import { deployableStage, logicalId, type Synthesised, synthStage } from './support';

type Resource = { Type: string; Properties: Record<string, unknown> };
type Dimension = { Name: string; Value: unknown };
type AlarmProps = {
  AlarmName: string;
  MetricName?: string;
  Namespace?: string;
  Dimensions?: Dimension[];
  Statistic?: string;
  ExtendedStatistic?: string;
  Threshold: number;
  ComparisonOperator: string;
  EvaluationPeriods: number;
  DatapointsToAlarm?: number;
  AlarmActions: unknown[];
  OKActions: unknown[];
  TreatMissingData: string;
  Metrics?: Array<{
    Expression?: string;
    MetricStat?: { Metric: { MetricName: string; Dimensions: Dimension[] } };
  }>;
};

describe.each(['dev', 'prod'] as const)('%s stage monitoring', (name: StageName) => {
  let synthesised: Synthesised;
  const config = deployableStage(name);
  const resourcesOf = (stack: 'watch' | 'globalWatch', type: string): Record<string, Resource> =>
    synthesised.templates[stack].findResources(type) as Record<string, Resource>;
  const alarms = (stack: 'watch' | 'globalWatch' = 'watch'): AlarmProps[] =>
    Object.values(resourcesOf(stack, 'AWS::CloudWatch::Alarm')).map((r) => r.Properties as AlarmProps);
  const alarm = (alarmName: string, stack: 'watch' | 'globalWatch' = 'watch'): AlarmProps => {
    const found = alarms(stack).find((a) => a.AlarmName === `club-${name}-${alarmName}`);
    if (!found) throw new Error(`no alarm ${alarmName}`);
    return found;
  };
  const dimension = (a: AlarmProps, dimensionName: string): unknown =>
    a.Dimensions?.find((d) => d.Name === dimensionName)?.Value;

  beforeAll(() => {
    synthesised = synthStage({ stage: name });
  });

  it.each(['watch', 'globalWatch'] as const)(
    'sends every %s alarm, ALARM and OK, to its encrypted HTTPS-only topic that mails the alarm address',
    (stack) => {
      const topics = resourcesOf(stack, 'AWS::SNS::Topic');
      const [topicId] = Object.keys(topics);
      const subscriptions = Object.values(resourcesOf(stack, 'AWS::SNS::Subscription'));
      const [policy] = Object.values(resourcesOf(stack, 'AWS::SNS::TopicPolicy'));
      const [key] = Object.values(resourcesOf(stack, 'AWS::KMS::Key'));

      expect(Object.keys(topics)).toHaveLength(1);
      expect(JSON.stringify(topics[topicId!]!.Properties.KmsMasterKeyId)).toContain('Key');
      expect(subscriptions.map((s) => s.Properties)).toEqual([
        { Protocol: 'email', Endpoint: config.alarmEmail, TopicArn: { Ref: topicId } },
      ]);
      expect(JSON.stringify(policy?.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
      expect(key?.Properties.EnableKeyRotation).toBe(true);
      expect(JSON.stringify(key?.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
      expect(alarms(stack).length).toBeGreaterThan(0);
      for (const a of alarms(stack)) {
        expect(a.AlarmActions, a.AlarmName).toEqual([{ Ref: topicId }]);
        expect(a.OKActions, a.AlarmName).toEqual([{ Ref: topicId }]);
        expect(a.TreatMissingData, a.AlarmName).toBe('notBreaching');
      }
    },
  );

  it('alarms on the first error and the first throttle of every function, authorizer, mail events and result-mail worker included', () => {
    const { stacks } = synthesised;
    const functions = [
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
    ];
    expect(functions).toHaveLength(routeList().length + 10);

    for (const fn of functions) {
      const functionName = stacks.watch.resolve(fn.function.functionName);
      for (const [suffix, metricName] of [
        ['errors', 'Errors'],
        ['throttles', 'Throttles'],
      ] as const) {
        const a = alarm(`${fn.name}-${suffix}`);
        expect(a).toMatchObject({
          Namespace: 'AWS/Lambda',
          MetricName: metricName,
          Statistic: 'Sum',
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        });
        expect(dimension(a, 'FunctionName')).toEqual(functionName);
      }
    }
  });

  it('alarms on 5 API server errors in 5 minutes', () => {
    const a = alarm('api-5xx');

    expect(a).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Statistic: 'Sum',
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(dimension(a, 'Stage')).toBe('$default');
    expect(dimension(a, 'ApiId')).toEqual(synthesised.stacks.watch.resolve(synthesised.stacks.web.api.apiId));
  });

  it('alarms when the API’s p99 latency stays above 12.5 s, half the slowest route’s timeout', () => {
    expect(alarm('api-p99-latency')).toMatchObject({
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: 12_500,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 3,
    });
  });

  it(
    name === 'prod'
      ? 'alarms on each route’s p99 latency at half its timeout, from detailed route metrics'
      : 'keeps per-route metrics and their alarms off (their cost would exceed the stage’s)',
    () => {
      const [stage] = Object.values(
        synthesised.templates.api.findResources('AWS::ApiGatewayV2::Stage') as Record<string, Resource>,
      );
      const routeAlarms = alarms().filter((a) => a.Dimensions?.some((d) => d.Name === 'Route'));

      expect(stage?.Properties.DefaultRouteSettings).toMatchObject({
        DetailedMetricsEnabled: name === 'prod',
      });
      if (name === 'dev') {
        expect(routeAlarms).toEqual([]);
        return;
      }
      expect(routeAlarms).toHaveLength(routeList().length);
      for (const row of routeList()) {
        const a = alarm(`${row.name}-p99-latency`);
        expect(dimension(a, 'Route')).toBe(`${row.method} /api${row.path}`);
        expect(a).toMatchObject({ ExtendedStatistic: 'p99', EvaluationPeriods: 3 });
        expect(a.Threshold, row.name).toBe(
          row.bulkImport ? 14_000 : row.payments ? 12_500 : row.mail ? 5_000 : 2_500,
        );
      }
      expect(alarm('getActiveSeason-p99-latency').Threshold).toBe(2_500);
      expect(alarm('forgotPassword-p99-latency').Threshold).toBe(5_000);
      expect(alarm('startCheckout-p99-latency').Threshold).toBe(12_500);
    },
  );

  it.each([
    ['table-throttles', 'ThrottledRequests'],
    ['table-system-errors', 'SystemErrors'],
  ])('alarms on the table’s %s, summed over the operations the functions use', (alarmName, metricName) => {
    const a = alarm(alarmName);
    const metrics = (a.Metrics ?? []).filter((m) => m.MetricStat);
    const table = synthesised.stacks.watch.resolve(synthesised.stacks.data.table.tableName);

    expect(a).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(metrics.length).toBeLessThanOrEqual(10); // CloudWatch's limit per alarm
    const operations = metrics.map((m) => {
      expect(m.MetricStat!.Metric.MetricName).toBe(metricName);
      expect(m.MetricStat!.Metric.Dimensions.find((d) => d.Name === 'TableName')?.Value).toEqual(table);
      return m.MetricStat!.Metric.Dimensions.find((d) => d.Name === 'Operation')?.Value;
    });
    expect(operations).toEqual(
      expect.arrayContaining([
        'GetItem',
        'Query',
        'PutItem',
        'UpdateItem',
        'DeleteItem',
        'TransactWriteItems',
      ]),
    );
  });

  it.each([
    ['ses-bounce-rate', 'Reputation.BounceRate', 0.05],
    ['ses-complaint-rate', 'Reputation.ComplaintRate', 0.001],
  ])('alarms on %s above SES’s review level', (alarmName, metricName, threshold) => {
    expect(alarm(alarmName)).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: metricName,
      Threshold: threshold,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it.each([
    ['an SES event that could not be recorded', 'mailEventsDeadLetters'],
    ['a result mail whose message failed every delivery', 'resultMailDeadLetters'],
  ] as const)('alarms on the first dead letter: %s', (_what, queueName) => {
    const a = alarm(`${queueName}-messages`);
    const { api } = synthesised.stacks;
    const queue =
      queueName === 'mailEventsDeadLetters'
        ? api.mailEventsDeadLetters
        : api.queueWorkers.get('resultMail')!.deadLetterQueue;

    expect(a).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(JSON.stringify(dimension(a, 'QueueName'))).toContain(logicalId(queue));
  });

  it('alarms from us-east-1 when CloudFront answers over 5 % server errors in two of three 5-minute periods', () => {
    const { stacks } = synthesised;
    const a = alarm('cdn-5xx-rate', 'globalWatch');

    expect(stacks.globalWatch.region).toBe('us-east-1');
    expect(a).toMatchObject({
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Statistic: 'Average',
      Threshold: 5,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
    });
    expect(dimension(a, 'Region')).toBe('Global');
    expect(dimension(a, 'DistributionId')).toEqual(
      stacks.globalWatch.resolve(stacks.web.distribution.distributionId),
    );
  });

  it('mails the alarm address when the month’s cost reaches 80 % of the budget, or is forecast to pass it', () => {
    const [budget] = Object.values(resourcesOf('globalWatch', 'AWS::Budgets::Budget'));

    expect(budget?.Properties).toMatchObject({
      Budget: {
        BudgetName: `club-${name}-monthly`,
        BudgetType: 'COST',
        TimeUnit: 'MONTHLY',
        BudgetLimit: { Amount: name === 'prod' ? 100 : 40, Unit: 'USD' },
      },
      NotificationsWithSubscribers: [
        ['ACTUAL', 80],
        ['FORECASTED', 100],
      ].map(([type, threshold]) => ({
        Notification: {
          NotificationType: type,
          ComparisonOperator: 'GREATER_THAN',
          Threshold: threshold,
          ThresholdType: 'PERCENTAGE',
        },
        Subscribers: [{ SubscriptionType: 'EMAIL', Address: config.alarmEmail }],
      })),
    });
  });

  it('names every alarm in the runbook (docs/deploy.md), where an operator learns what it means', () => {
    const deploy = readFileSync(join(repoRoot, 'docs/deploy.md'), 'utf8');
    const { stacks } = synthesised;
    const functionNames = [
      ...[
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
      ].map((f) => f.name),
    ];
    const documented = (alarmName: string): string => {
      const bare = alarmName.replace(`club-${name}-`, '');
      const route = routeList().find((r) => bare === `${r.name}-p99-latency`);
      if (route) return '<route>-p99-latency';
      const fn = functionNames.find((f) => bare.startsWith(`${f}-`));
      return fn ? `<function>${bare.slice(fn.length)}` : bare;
    };

    for (const a of [...alarms('watch'), ...alarms('globalWatch')]) {
      expect(deploy, a.AlarmName).toContain(`\`${documented(a.AlarmName)}\``);
    }
    for (const step of [
      'cdk bootstrap',
      'us-east-1',
      'ca-central-1',
      'restore-table-to-point-in-time',
      'roll back',
    ]) {
      expect(deploy).toContain(step);
    }
    expect(deploy).toContain('## What remains deploy-only');
  });

  it('has one dashboard with the same figures: functions, API, table, SES, CloudFront and WAF (us-east-1)', () => {
    const dashboards = Object.values(resourcesOf('watch', 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties.DashboardName).toBe(`club-${name}`);
    // The body's literal text, without the references CloudFormation fills in.
    const join = dashboards[0]!.Properties.DashboardBody as { 'Fn::Join': [string, unknown[]] };
    const body = join['Fn::Join'][1].filter((part) => typeof part === 'string').join('');

    for (const fn of synthesised.stacks.api.functions.values())
      expect(body).toContain(`"label":"${fn.name}"`);
    for (const metric of [
      '5xx',
      'Latency',
      'ThrottledRequests',
      'Reputation.BounceRate',
      'BlockedRequests',
    ]) {
      expect(body).toContain(metric);
    }
    expect(body).toMatch(/AWS\/CloudFront.*5xxErrorRate.*us-east-1/);
    expect(body).toContain(`club-${name}-edge`);
    // Each queue worker brings its graphs: the worker, its dead letters, its queue's depth and oldest message.
    for (const label of [
      'resultMailWorker',
      'resultMailDeadLetters',
      'resultMailQueue',
      'resultMailQueue oldest',
    ])
      expect(body).toContain(`"label":"${label}"`);
    expect(body).toContain('ApproximateAgeOfOldestMessage');
  });
});
