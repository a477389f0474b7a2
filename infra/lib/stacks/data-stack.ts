import {
  ArnFormat,
  CfnOutput,
  Duration,
  RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import {
  BackupPlan,
  BackupPlanRule,
  BackupResource,
  BackupVault,
  type IBackupVault,
} from 'aws-cdk-lib/aws-backup';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Key } from 'aws-cdk-lib/aws-kms';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { tableDefinition } from '@club/functions/deploy-facts';
import { API_PREFIX, routes } from '@club/shared';
import type { StageConfig } from '../stage-config';
import { backupCopyVaultName } from './backup-copy-stack';

export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * The stage's state: the one table, the generated secrets (app keys, origin verification) and the
 * operator-filled ones (Stripe, Sentry). Prod keeps them all if the stack is ever deleted.
 */
export class DataStack extends Stack {
  readonly table: Table;
  /** The table's GSI names, for grants that name each index instead of index/*. */
  readonly indexNames: readonly string[];
  readonly secret: Secret;
  /**
   * The value CloudFront sends the API as x-origin-verify (web stack) and the functions require (handlers/http.ts),
   * so a request straight to the execute-api endpoint, which could forge CloudFront's headers, is refused.
   */
  readonly originSecret: Secret;
  /**
   * The Stripe keys, filled in by the operator; only the functions whose route-table row has `payments: true`
   * may read it (HandlerFunction).
   */
  readonly stripeSecret: Secret;
  /** The Sentry DSN, filled in by the operator (optional); every function may read it to report errors. */
  readonly sentrySecret: Secret;
  /** The table's daily backup plan (stage config `backup`), absent where the stage relies on PITR alone. */
  readonly backupPlan?: BackupPlan;

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
      maxReadRequestUnits: config.tableMaxRequestUnits.read,
      maxWriteRequestUnits: config.tableMaxRequestUnits.write,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: gsi1.indexName,
      partitionKey: { name: gsi1.partitionKey, type: AttributeType.STRING },
      sortKey: { name: gsi1.sortKey, type: AttributeType.STRING },
      maxReadRequestUnits: config.tableMaxRequestUnits.read,
      maxWriteRequestUnits: config.tableMaxRequestUnits.write,
    });
    this.indexNames = [gsi1.indexName];

    // jwtSecret is generated here and never leaves AWS. The operator-filled values moved to their own
    // secrets (StripeSecret, SentrySecret below), so the template's stripeSecretKey and stripeWebhookSecret
    // fields are no longer read, and sentryDsn only as a fallback (a DSN filled in here before the move keeps
    // reporting until it is moved). The template keeps them all the same: CloudFormation generates a new
    // value whenever GenerateSecretString changes, which would replace jwtSecret (signing every member out)
    // and wipe whatever an operator filled in. A test holds the template to this exact text. The description
    // stays too, so this resource has no diff at all.
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
          'No rotation Lambda: the Sentry DSN is issued in Sentry’s dashboard and pasted in by the ' +
          'operator, and rolling jwtSecret signs every member out, so it is rolled by hand ' +
          '(put-secret-value) when needed rather than on a schedule.',
      },
    ]);

    // The Stripe keys, apart from the generated secrets so that nothing CloudFormation generates can ever
    // overwrite what the operator pasted in. The initial value is a placeholder with both keys empty (nothing
    // secret is in the template); the payment functions refuse it until the operator fills it (OPERATIONS).
    // CloudFormation writes SecretString again only when the template's SecretString changes, so this
    // placeholder must stay exactly as it is (a test holds it): changing it would wipe the live keys.
    this.stripeSecret = new Secret(this, 'StripeSecret', {
      description: `Club website ${config.stage}: Stripe secretKey and webhookSecret, filled in by the operator`,
      secretObjectValue: {
        secretKey: SecretValue.unsafePlainText(''),
        webhookSecret: SecretValue.unsafePlainText(''),
      },
      removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(this.stripeSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'No rotation Lambda: Secrets Manager cannot mint Stripe keys. The secret key is rolled in ' +
          'Stripe’s dashboard and the webhook signing secret is issued there per endpoint; the operator ' +
          'pastes both in (put-secret-value, OPERATIONS in stage-config.ts).',
      },
    ]);

    // The Sentry DSN, apart from the generated secrets for the same reason as the Stripe keys. Starts as
    // {"dsn":""} (no reports); the functions fall back to the app secret's old sentryDsn while it is empty.
    // Like the Stripe placeholder, this initial value must never change (a test holds it).
    this.sentrySecret = new Secret(this, 'SentrySecret', {
      description: `Club website ${config.stage}: Sentry dsn for the functions' error reports, filled in by the operator`,
      secretObjectValue: { dsn: SecretValue.unsafePlainText('') },
      removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(this.sentrySecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'No rotation Lambda: a Sentry DSN is issued in Sentry’s project settings, not generated, and it only ' +
          'identifies where to send reports; the operator pastes a new one in (put-secret-value) if the ' +
          'project’s key is ever revoked.',
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

    if (config.backup) this.backupPlan = this.backUpTable(config, config.backup);

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'SecretArn', {
      value: this.secret.secretArn,
      description:
        'Generated: keep jwtSecret; stripeSecretKey/stripeWebhookSecret are unused, sentryDsn a fallback (OPERATIONS)',
    });
    new CfnOutput(this, 'SentrySecretArn', {
      value: this.sentrySecret.secretArn,
      description:
        'Put {"dsn":"https://...@....ingest.sentry.io/..."} here to receive error reports (OPERATIONS)',
    });
    new CfnOutput(this, 'StripeSecretArn', {
      value: this.stripeSecret.secretArn,
      description:
        'Put {"secretKey":"sk_...","webhookSecret":"whsec_..."} here: the Stripe secret key and the ' +
        `signing secret of the webhook endpoint <SiteUrl>${API_PREFIX}${routes.stripeWebhook.path} ` +
        '(OPERATIONS, stage-config.ts)',
    });
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.originSecret.secretArn,
      description: 'x-origin-verify value; rotate it as OPERATIONS in stage-config.ts says',
    });
  }

  /**
   * A daily AWS Backup of the table, beside PITR: PITR restores any second of the last 35 days but only in
   * this region and only while the table exists; these backups outlive the table and are copied to a vault
   * in another Canadian region (BackupCopyStack). 09:00 UTC is 2–3 a.m. in Edmonton.
   */
  private backUpTable(config: StageConfig, backup: NonNullable<StageConfig['backup']>): BackupPlan {
    const key = new Key(this, 'BackupKey', {
      description: `Club website ${config.stage}: encrypts the table's backups`,
      enableKeyRotation: true,
      // Without the key the backups could never be read.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const vault = new BackupVault(this, 'BackupVault', {
      backupVaultName: `club-${config.stage}-table-backups`,
      encryptionKey: key,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Named, not referenced: the copy vault is in another region, created first by its own stack.
    const copyVault: IBackupVault = BackupVault.fromBackupVaultArn(
      this,
      'BackupCopyVault',
      this.formatArn({
        service: 'backup',
        region: backup.copyRegion,
        resource: 'backup-vault',
        resourceName: backupCopyVaultName(config),
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    );
    const plan = new BackupPlan(this, 'BackupPlan', {
      backupPlanName: `club-${config.stage}-table`,
      backupVault: vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'daily',
          scheduleExpression: Schedule.cron({ hour: '9', minute: '0' }),
          deleteAfter: Duration.days(backup.retainDays),
          copyActions: [{ destinationBackupVault: copyVault, deleteAfter: Duration.days(backup.retainDays) }],
        }),
      ],
    });
    const selection = plan.addSelection('Table', {
      resources: [BackupResource.fromDynamoDbTable(this.table)],
    });
    NagSuppressions.addResourceSuppressions(
      selection,
      [
        {
          id: 'AwsSolutions-IAM4',
          reason:
            'The role AWS Backup assumes to back up and restore the table carries AWS Backup’s own service ' +
            'policies (AWSBackupServiceRolePolicyForBackup/ForRestores), which AWS maintains as the service ' +
            'changes; only backup.amazonaws.com may assume it.',
          appliesTo: [
            'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup',
            'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForRestores',
          ],
        },
      ],
      true,
    );
    new CfnOutput(this, 'BackupVaultName', { value: vault.backupVaultName });
    return plan;
  }
}
