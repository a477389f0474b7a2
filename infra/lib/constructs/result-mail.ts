import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { resultMailQueue } from '@club/functions/deploy-facts';
import { PLATFORM_FUNCTIONS } from '../platform-functions';
import type { StageConfig } from '../stage-config';
import { HandlerFunction, type MailSettings } from './handler-function';

export interface ResultMailProps {
  readonly config: StageConfig;
  readonly table: ITable;
  readonly indexNames: readonly string[];
  readonly mail: MailSettings;
  readonly siteUrl: string;
}

/**
 * Result mail in bulk: the queue that a send puts one message per registrant on, its dead-letter queue,
 * and the worker that SQS's event source feeds. The event source runs at most resultMailQueue.maxConcurrency
 * batches at once and each worker paces itself to the stage's rate divided by that, so together they stay
 * within SES's sending rate whatever the season's size. Both queues take TLS only and are encrypted.
 */
export class ResultMail extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: HandlerFunction;

  constructor(scope: Construct, id: string, props: ResultMailProps) {
    super(scope, id);
    const { config } = props;

    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(resultMailQueue.deadLetterRetentionDays),
    });
    NagSuppressions.addResourceSuppressions(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          'This is the dead-letter queue of the result-mail queue: messages that failed every delivery rest ' +
          'here for an operator to inspect or redrive; a queue behind it would only move them again.',
      },
    ]);

    this.queue = new Queue(this, 'Queue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      visibilityTimeout: Duration.seconds(resultMailQueue.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: resultMailQueue.maxReceiveCount },
    });

    this.worker = new HandlerFunction(this, 'Worker', {
      name: 'resultMailWorker',
      handler: PLATFORM_FUNCTIONS.resultMailWorker.handler,
      description: 'Result-mail worker: sends queued tryout result mails at the stage rate',
      config,
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        MAIL_FROM: props.mail.from,
        SES_CONFIGURATION_SET: props.mail.configurationSetName,
        // Each of the event source's concurrent batches runs in its own container, paced on its own.
        RESULT_MAIL_SEND_RATE: String(config.resultMailRate / resultMailQueue.maxConcurrency),
      },
      table: { table: props.table, indexNames: props.indexNames, access: 'write' },
      secrets: [],
      mail: props.mail,
      memorySize: 256,
      // Its batches are fed by SQS, not waited for by a request.
      timeout: Duration.seconds(resultMailQueue.workerTimeoutSeconds),
      apiWaits: false,
    });
    // Grants the worker its consume actions on this queue only (receive, delete, change visibility, read
    // its attributes).
    this.worker.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: resultMailQueue.batchSize,
        maxConcurrency: resultMailQueue.maxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
  }
}
