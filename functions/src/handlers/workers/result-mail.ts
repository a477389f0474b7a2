/**
 * The result-mail worker: Lambda's SQS event source (and, on the local stack, its poller) hands it batches
 * of queue messages. Each message is one row's result mail (or one account's "registration is open" mail),
 * sent at the configured rate; the answer lists the messages to deliver again (partial batch failures), so
 * one throttled mail never repeats a whole batch.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as v from 'valibot';
import { log } from '../../lib/log';
import { deliverQueuedMessage, QueueMessageSchema } from '../../services/mail/result-mail-worker';

/** The part of Lambda's context the worker reads. */
export interface WorkerContext {
  getRemainingTimeInMillis(): number;
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/**
 * Runs a batch. Its messages go concurrently, each after its own sending slot (taken in the batch's order),
 * so the rate, not the round trips of one mail, sets the pace.
 */
export async function handler(event: SQSEvent, context: WorkerContext): Promise<SQSBatchResponse> {
  const deadline = Date.now() + context.getRemainingTimeInMillis();
  const seasons = new Map();
  const outcomes = await Promise.all(
    event.Records.map(async (record) => {
      const message = v.safeParse(QueueMessageSchema, parseBody(record.body));
      if (!message.success) {
        // It would never become readable: acknowledged, so it does not circle until the dead-letter queue.
        log.error('result mail message unreadable', { messageId: record.messageId });
        return 'done';
      }
      try {
        return await deliverQueuedMessage(message.output, deadline, seasons);
      } catch (error) {
        log.error('result mail message failed', {
          messageId: record.messageId,
          error: error instanceof Error ? error.name : 'unknown',
        });
        return 'retry';
      }
    }),
  );
  return {
    batchItemFailures: event.Records.filter((_, i) => outcomes[i] === 'retry').map((r) => ({
      itemIdentifier: r.messageId,
    })),
  };
}
