/**
 * The local stand-in for Lambda's SQS event source: it polls the result-mail queue and hands the real worker
 * handler batches of real SQS events, as the event source mapping does in AWS. Up to `concurrency` batches
 * run at once (the mapping's maximum concurrency); messages the handler lists as batch item failures, or all
 * of a batch whose invocation throws, are left on the queue to come back after the visibility timeout, and
 * the rest are deleted. Pacing is the worker's own (RESULT_MAIL_SEND_RATE).
 *
 * On start it puts every round's untried rows back on the queue, since the emulator keeps no messages
 * across a restart. Stopping lets the batches in progress finish, as Lambda lets an invocation run out.
 *
 * The same poller runs the family-mail worker (`queue: 'familyMail'`, issue 43): both workers take their
 * sending slots from one pacer in this process (functions/src/mail/send-pacing.ts).
 */
import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { familyMailQueue } from '@club/functions/queue/family-mail-settings';
import { resultMailQueue } from '@club/functions/queue/result-mail-settings';
import { sqsClient } from './provision';

export interface ResultMailPoller {
  /** How many batches the worker has been handed. */
  readonly invocations: () => number;
  stop(): Promise<void>;
}

export interface PollerOptions {
  /** The SQS emulator. */
  endpoint: string;
  queueUrl: string;
  /** Batches at once; the event source's maximum concurrency. */
  concurrency?: number;
  /** Skip putting untried rows back on the queue at start (the queue is known to hold their messages). */
  skipRequeue?: boolean;
  /** Which worker drains the queue: the result mails (the default) or the family mails. */
  queue?: 'resultMail' | 'familyMail';
}

const WORKERS = {
  resultMail: {
    settings: resultMailQueue,
    load: async () => (await import('@club/functions/handlers/workers/result-mail')).handler,
  },
  familyMail: {
    settings: familyMailQueue,
    load: async () => (await import('@club/functions/handlers/workers/family-mail')).handler,
  },
};

function toEvent(messages: Message[], queueArn: string): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? '',
      attributes: {
        ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: 'ca-central-1',
    })),
  };
}

/** Starts polling; the functions' environment (table, mail, queue, rate) must be set already. */
export async function startResultMailPoller(options: PollerOptions): Promise<ResultMailPoller> {
  const worker = WORKERS[options.queue ?? 'resultMail'];
  const settings = worker.settings;
  const handler = await worker.load();
  if (!options.skipRequeue && (options.queue ?? 'resultMail') === 'resultMail') {
    const { requeueAllUntried } = await import('@club/functions/services/mail/result-mail');
    await requeueAllUntried();
  }
  const client: SQSClient = sqsClient(options.endpoint);
  const queueArn = `arn:aws:sqs:ca-central-1:000000000000:${options.queueUrl.split('/').pop()}`;
  let running = true;
  let invocations = 0;

  const lane = async () => {
    while (running) {
      let messages: Message[];
      try {
        const out = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: options.queueUrl,
            MaxNumberOfMessages: settings.batchSize,
            // Short long-polls, so a stop is quick.
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'],
          }),
        );
        messages = out.Messages ?? [];
      } catch {
        // The emulator is stopping or restarting: try again shortly, as the event source would.
        if (running) await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      if (!messages.length) continue;
      invocations += 1;
      const deadline = Date.now() + settings.workerTimeoutSeconds * 1000;
      let again: Set<string>;
      try {
        const answer = await handler(toEvent(messages, queueArn), {
          getRemainingTimeInMillis: () => deadline - Date.now(),
        });
        again = new Set(answer.batchItemFailures.map((f) => f.itemIdentifier));
      } catch (error) {
        console.error(`[${options.queue ?? 'resultMail'} worker] invocation failed:`, error);
        again = new Set(messages.map((m) => m.MessageId!));
      }
      const done = messages.filter((m) => !again.has(m.MessageId!));
      if (done.length) {
        await client
          .send(
            new DeleteMessageBatchCommand({
              QueueUrl: options.queueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          )
          .catch(() => undefined); // a lost delete only means a redelivery, which the worker ignores
      }
    }
  };

  const lanes = Array.from({ length: options.concurrency ?? settings.maxConcurrency }, lane);
  return {
    invocations: () => invocations,
    async stop() {
      running = false;
      await Promise.all(lanes);
      client.destroy();
    },
  };
}
