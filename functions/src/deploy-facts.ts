/**
 * What the infrastructure reads of the functions, declared in one module so infra never reaches into their
 * internals (eslint.config.js holds it): the table's definition, the headers the origin check reads, and
 * every queue with its worker. The endpoints' handler entries come from the shared route table.
 */
import type { QueueName } from '@club/shared';
import { familyMailQueue } from './queue/family-mail-settings';
import { resultMailQueue } from './queue/result-mail-settings';

export { tableDefinition } from './db/platform/table-definition';
export { ORIGIN_VERIFY_HEADER } from './lib/config';
export { VIEWER_ADDRESS_HEADER } from './lib/origin';
export { familyMailQueue, resultMailQueue };

/** How a queue and its worker behave: CDK builds the queue, its dead-letter queue and event source from it. */
export interface QueueSettings {
  /** Messages per worker invocation. */
  readonly batchSize: number;
  /** Batches the event source runs at once (at least 2). */
  readonly maxConcurrency: number;
  readonly workerTimeoutSeconds: number;
  readonly visibilityTimeoutSeconds: number;
  /** Deliveries before a message goes to the dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly deadLetterRetentionDays: number;
}

/**
 * Every queue a route row can put work on (`queue: '<name>'`), with the worker that drains it and the
 * environment variable that hands its URL to the senders. infra builds one QueueWorker per entry.
 */
export const queueWorkers = {
  resultMail: {
    handler: 'workers/result-mail',
    description: 'Result-mail worker: sends queued tryout result mails at the stage rate',
    queueUrlVariable: 'RESULT_MAIL_QUEUE_URL',
    settings: resultMailQueue,
  },
  familyMail: {
    handler: 'workers/family-mail',
    description: 'Family-mail worker: sends queued registration confirmations at the stage rate',
    queueUrlVariable: 'FAMILY_MAIL_QUEUE_URL',
    settings: familyMailQueue,
  },
} as const satisfies Record<
  QueueName,
  { handler: string; description: string; queueUrlVariable: string; settings: QueueSettings }
>;
