import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { AlarmTopic } from '../constructs/alarm-topic';
import type { StageConfig } from '../stage-config';

/** CloudFront's 5xx error rate (percent of requests) above which its alarm fires. */
export const CDN_5XX_RATE_ALARM_PERCENT = 5;

export interface GlobalWatchStackProps extends StackProps {
  readonly config: StageConfig;
  /** The stage's distribution (web stack), read across regions at deploy time. */
  readonly distributionId: string;
}

/**
 * What must be watched from us-east-1: CloudFront publishes its metrics only there, and a CloudWatch alarm
 * can only notify an SNS topic in its own region, so this stack has its own encrypted alarm topic with the
 * same e-mail subscribed (rather than forwarding across regions, which would need a function and its own
 * failure modes). The AWS Budgets alert lives here too: Budgets is a global service whose CloudFormation
 * resource is not offered in every region, us-east-1 always.
 */
export class GlobalWatchStack extends Stack {
  readonly alarmTopic: AlarmTopic;
  readonly cdn5xxAlarm: Alarm;

  constructor(scope: Construct, id: string, props: GlobalWatchStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.alarmTopic = new AlarmTopic(this, 'Alarms', { config, label: 'CloudFront' });

    this.cdn5xxAlarm = this.alarmTopic.watch(
      new Alarm(this, 'cdn-5xx-rate', {
        alarmName: `club-${config.stage}-cdn-5xx-rate`,
        alarmDescription:
          `CloudFront answered more than ${CDN_5XX_RATE_ALARM_PERCENT} % server errors in two of three ` +
          '5-minute periods: the site bucket, the API or the origin secret may be failing.',
        metric: new Metric({
          namespace: 'AWS/CloudFront',
          metricName: '5xxErrorRate',
          dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
          statistic: 'Average',
          period: Duration.minutes(5),
        }),
        threshold: CDN_5XX_RATE_ALARM_PERCENT,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    // The whole account's monthly cost: AWS bills per account, and a stage is best given its own account.
    const notify = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: {
        notificationType,
        comparisonOperator: 'GREATER_THAN',
        threshold,
        thresholdType: 'PERCENTAGE',
      },
      subscribers: [{ subscriptionType: 'EMAIL', address: config.alarmEmail }],
    });
    new CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: `club-${config.stage}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: config.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [notify('ACTUAL', 80), notify('FORECASTED', 100)],
    });
  }
}
