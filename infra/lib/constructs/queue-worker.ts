import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { queueWorkers } from '@club/functions/deploy-facts';
import type { QueueName } from '@club/shared';
import { QUEUE_WORKERS } from '../platform-functions';
import type { StageConfig } from '../stage-config';
import type { WatchedFunction, WatchedQueue } from '../watched';
import { HandlerFunction, type MailSettings } from './handler-function';

export interface QueueWorkerProps {
  readonly name: QueueName;
  readonly config: StageConfig;
  readonly table: ITable;
  readonly indexNames: readonly string[];
  readonly mail: MailSettings;
  readonly siteUrl: string;
}

/** What a queue worker gives the watch stack: its alarms and dashboard graphs follow from these lists. */
export interface WatchedParts {
  readonly functions: readonly WatchedFunction[];
  readonly deadLetterQueues: readonly WatchedQueue[];
  readonly workQueues: readonly WatchedQueue[];
}

/**
 * A queue of work, its dead-letter queue and the worker SQS's event source feeds, from one declaration
 * (deploy-facts.ts queueWorkers: handler and settings; platform-functions.ts QUEUE_WORKERS: grants and
 * environment). Both queues take TLS only and are encrypted. The worker's errors and throttles, the
 * dead-letter queue's messages and the queue's depth and oldest message are watched through `watched`, so a
 * new worker is alarmed and graphed with nothing else to write.
 */
export class QueueWorker extends Construct {
  readonly name: QueueName;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: HandlerFunction;
  /** The URL's environment variable of the functions that send to this queue. */
  readonly queueUrlVariable: string;

  constructor(scope: Construct, id: string, props: QueueWorkerProps) {
    super(scope, id);
    const { config, name } = props;
    const facts = queueWorkers[name];
    const declared = QUEUE_WORKERS[name];
    const { settings } = facts;
    this.name = name;
    this.queueUrlVariable = facts.queueUrlVariable;

    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(settings.deadLetterRetentionDays),
    });
    NagSuppressions.addResourceSuppressions(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          `This is the dead-letter queue of the ${name} queue: messages that failed every delivery rest ` +
          'here for an operator to inspect or redrive; a queue behind it would only move them again.',
      },
    ]);

    this.queue = new Queue(this, 'Queue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      visibilityTimeout: Duration.seconds(settings.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: settings.maxReceiveCount },
    });

    this.worker = new HandlerFunction(this, 'Worker', {
      name: `${name}Worker`,
      handler: facts.handler,
      description: facts.description,
      config,
      environment: {
        TABLE_NAME: props.table.tableName,
        SITE_URL: props.siteUrl,
        ...(declared.mail && {
          MAIL_FROM: props.mail.from,
          MAIL_REPLY_TO: props.mail.replyTo,
          SES_CONFIGURATION_SET: props.mail.configurationSetName,
        }),
        ...declared.environment(config, settings),
        ...(declared.requeues && { [facts.queueUrlVariable]: this.queue.queueUrl }),
      },
      table: { table: props.table, indexNames: props.indexNames, access: 'write' },
      secrets: [],
      ...(declared.mail && { mail: props.mail }),
      // Send only (encrypted with SQS's own key): what it receives comes through the event source below.
      ...(declared.requeues && { sendsTo: [this.queue] }),
      memorySize: declared.memorySize,
      // Its batches are fed by SQS, not waited for by a request.
      timeout: Duration.seconds(settings.workerTimeoutSeconds),
      apiWaits: false,
    });
    // Grants the worker its consume actions on this queue only (receive, delete, change visibility, read
    // its attributes).
    this.worker.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: settings.batchSize,
        maxConcurrency: settings.maxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
  }

  /** The worker, the dead-letter queue (`<name>DeadLetters`) and the work queue (`<name>Queue`), to watch. */
  get watched(): WatchedParts {
    return {
      functions: [this.worker],
      deadLetterQueues: [{ name: `${this.name}DeadLetters`, queue: this.deadLetterQueue }],
      workQueues: [{ name: `${this.name}Queue`, queue: this.queue }],
    };
  }
}
