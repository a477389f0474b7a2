import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { tableDefinition } from '@club/functions/db/table-definition';
import type { StageConfig } from '../stage-config';

export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * The stage's state: the one table, the app secret and the origin verification secret. Prod keeps all three
 * if the stack is ever deleted.
 */
export class DataStack extends Stack {
  readonly table: Table;
  /** The table's GSI names, for grants that name each index instead of index/*. */
  readonly indexNames: readonly string[];
  readonly secret: Secret;
  /**
   * The value CloudFront sends the API as x-origin-verify (web stack) and the functions require (lib/http.ts),
   * so a request straight to the execute-api endpoint, which could forge CloudFront's headers, is refused.
   */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const { partitionKey, sortKey, gsi1, ttlAttribute } = tableDefinition;

    // Built from the same definition DynamoDB Local's table is, so the two cannot drift.
    this.table = new Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: AttributeType.STRING },
      sortKey: { name: sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: config.retainData,
      removalPolicy,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: gsi1.indexName,
      partitionKey: { name: gsi1.partitionKey, type: AttributeType.STRING },
      sortKey: { name: gsi1.sortKey, type: AttributeType.STRING },
    });
    this.indexNames = [gsi1.indexName];

    // One secret per stage. jwtSecret is generated here and never leaves AWS; the Stripe keys and the Sentry
    // DSN start empty and are filled in by the operator (OPERATIONS in stage-config.ts).
    this.secret = new Secret(this, 'AppSecret', {
      description: `Club website ${config.stage}: jwtSecret, stripeSecretKey, stripeWebhookSecret, sentryDsn`,
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ stripeSecretKey: '', stripeWebhookSecret: '', sentryDsn: '' }),
        generateStringKey: 'jwtSecret',
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(this.secret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'No rotation Lambda: the Stripe keys and Sentry DSN are issued and rolled in those vendors’ dashboards ' +
          'and pasted in by the operator, and rolling jwtSecret signs every member out, so it is rolled by hand ' +
          '(put-secret-value) when needed rather than on a schedule.',
      },
    ]);

    // A bare string, not JSON: it goes into an HTTP header as it is. Letters and digits only, so no header
    // syntax can break it; 48 of them are ~285 bits, beyond guessing.
    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      description: `Club website ${config.stage}: x-origin-verify value CloudFront sends the API`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(this.originSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'No rotation Lambda: CloudFront holds this value in its origin configuration, resolved only when ' +
          'the web stack deploys, and the functions read it at cold start, so a rotation must change the CDN ' +
          'and the functions together. A scheduled rotation would change the stored value under both: newly ' +
          'started functions would refuse the old value CloudFront still sends, locking the site out of its ' +
          'own API until a redeploy. It is rolled by the operator with a deploy (OPERATIONS, stage-config.ts).',
      },
    ]);

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'SecretArn', {
      value: this.secret.secretArn,
      description:
        'Fill stripeSecretKey, stripeWebhookSecret and sentryDsn here (OPERATIONS, stage-config.ts)',
    });
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.originSecret.secretArn,
      description: 'x-origin-verify value; rotate it as OPERATIONS in stage-config.ts says',
    });
  }
}
