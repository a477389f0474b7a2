/**
 * The family-mail worker for the functions tests: what a call put on this file's family-mail queue is handed
 * to the real worker handler at once, as the event source would a moment later, so a test reads the
 * confirmation in the mailbox when the call answers. A message the worker hands back (throttled) stays on
 * the queue, invisible for the queue's visibility timeout, as in AWS.
 */
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { handler } from '../src/handlers/workers/family-mail';

let client: SQSClient | undefined;

function sqs(): SQSClient {
  client ??= new SQSClient({
    endpoint: process.env.SQS_ENDPOINT,
    region: 'ca-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return client;
}

function toEvent(messages: Message[]): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? '',
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: String(Date.now()),
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:ca-central-1:000000000000:family-mail',
      awsRegion: 'ca-central-1',
    })),
  };
}

/** Runs the worker over every message waiting on the queue; answers how many it was handed. */
export async function deliverQueuedFamilyMail(
  queueUrl = process.env.FAMILY_MAIL_QUEUE_URL!,
): Promise<number> {
  let handed = 0;
  for (;;) {
    const out = await sqs().send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    const messages = out.Messages ?? [];
    if (!messages.length) return handed;
    handed += messages.length;
    const answer = await handler(toEvent(messages), { getRemainingTimeInMillis: () => 60_000 });
    const again = new Set(answer.batchItemFailures.map((f) => f.itemIdentifier));
    const done = messages.filter((m) => !again.has(m.MessageId!));
    if (done.length) {
      await sqs().send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
        }),
      );
    }
  }
}

/**
 * Delivers the family-mail queue until nothing on it is waiting or held back (a confirmation queued with a
 * delay, as a registration waiting for its number queues it): a later comparison is then not changed by an
 * earlier step's mail arriving in the middle of it. Messages the worker handed back stay in flight, unwaited.
 */
export async function settleFamilyMail(
  queueUrl = process.env.FAMILY_MAIL_QUEUE_URL!,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await deliverQueuedFamilyMail(queueUrl);
    const { Attributes } = await sqs().send(
      new GetQueueAttributesCommand({
        QueueUrl: queueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesDelayed'],
      }),
    );
    const left =
      Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(Attributes?.ApproximateNumberOfMessagesDelayed ?? 0);
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error(`family mail did not settle: ${left} messages left`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
