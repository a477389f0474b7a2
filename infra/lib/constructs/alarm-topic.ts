import { RemovalPolicy } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/**
 * A stage's alarm topic in one region: encrypted with its own key (CloudWatch may use it to publish; AWS's
 * managed SNS key would refuse CloudWatch), HTTPS-only publishing, and the stage's alarm e-mail subscribed.
 * Every alarm sends both ALARM and OK, so the operator also learns when a problem has passed.
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: { readonly config: StageConfig; readonly label: string }) {
    super(scope, id);
    const { config } = props;
    const key = new Key(this, 'Key', {
      description: `Club website ${config.stage}: encrypts the ${props.label} alarm topic`,
      enableKeyRotation: true,
      // Only notifications pass through it; nothing is lost with it.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'], // in a key policy, "*" is this key
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: `Club website ${config.stage} ${props.label} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addSubscription(new EmailSubscription(config.alarmEmail));
    this.action = new SnsAction(this.topic);
  }

  /** Sends the alarm's ALARM and OK notifications to the topic. */
  watch(alarm: Alarm): Alarm {
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }
}
