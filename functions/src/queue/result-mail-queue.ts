/**
 * The result-mail queue: what a send puts on it (one message per row: which registration, which version of
 * its result, which round asked) and how. The SQS client is created once per container; on the local stack and in tests it
 * talks to the SQS emulator with dummy credentials, like db/platform/client.ts does with DynamoDB Local.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as v from 'valibot';
import { getConfig } from '../lib/config';
import { log } from '../lib/log';
import { resultMailQueue } from './result-mail-settings';

const TryoutIdOnQueue = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}\.[0-9a-f-]{36}$/i));
const ResultVersion = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The most registrations one family's result mail names (a household holds a dozen at most). */
export const FAMILY_MAIL_MAX_ROWS = 20;

/**
 * One message: the registration's public id, its result version and round, and (issue 42) the other
 * registrations of the same family in the round, so the family gets one mail naming each child. No personal
 * data. A message without `with` (queued before families were mailed together) is a family of one.
 */
export const ResultMailMessageSchema = v.object({
  tryout_id: TryoutIdOnQueue,
  version: ResultVersion,
  /** The round that asked for it: a row tried in this round or a later one is not claimed again. */
  round: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  with: v.optional(
    v.pipe(
      v.array(v.object({ tryout_id: TryoutIdOnQueue, version: ResultVersion })),
      v.maxLength(FAMILY_MAIL_MAX_ROWS - 1),
    ),
  ),
});
export type ResultMailMessage = v.InferOutput<typeof ResultMailMessageSchema>;

/**
 * One "registration is open" mail (issue 18) rides the same queue, at the same rate: which account, for
 * which season's opening. No personal data.
 */
export const OpeningNoticeMessageSchema = v.object({
  kind: v.literal('opening-notice'),
  user_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
  season_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
});
export type OpeningNoticeMessage = v.InferOutput<typeof OpeningNoticeMessageSchema>;

const LocalDateTime = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/));

/**
 * A session's day, time or gym changed (issue 36): one message per family account registered in its groups.
 * What it was is carried (times and a gym, no personal data); what it is now is read when the mail is sent,
 * and a message of an older change than the session's is dropped (the newer change has its own).
 */
export const SessionChangeMessageSchema = v.object({
  kind: v.literal('session-change'),
  season_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
  session_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
  sequence: v.pipe(v.number(), v.integer(), v.minValue(1)),
  user_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
  was: v.object({
    starts_at: LocalDateTime,
    ends_at: LocalDateTime,
    location: v.pipe(v.string(), v.maxLength(200)),
    address: v.pipe(v.string(), v.maxLength(200)),
  }),
});
export type SessionChangeMessage = v.InferOutput<typeof SessionChangeMessageSchema>;

/**
 * A session is tomorrow (issue 37): one message per family account registered in its groups. Ids only; the
 * reminder is written from the session and registrations as they are when it is sent.
 */
export const SessionReminderMessageSchema = v.object({
  kind: v.literal('session-reminder'),
  season_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
  session_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
  user_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
});
export type SessionReminderMessage = v.InferOutput<typeof SessionReminderMessageSchema>;

/**
 * A season's offers went out (issue 45): one message per player placed (`offer`, its round) or alternate
 * (`alternate`). Ids only; the mail is written from the offer, team and registration as they are when sent,
 * and sent once per round (a family notice), however often the message comes.
 */
export const OfferMailMessageSchema = v.object({
  kind: v.picklist(['offer', 'alternate']),
  season_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
  player_id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i)),
  round: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type OfferMailMessage = v.InferOutput<typeof OfferMailMessageSchema>;

/** What the worker reads off the queue: a notice (it says which kind), else a row's result mail. */
export const QueueMessageSchema = v.union([
  OfferMailMessageSchema,
  OpeningNoticeMessageSchema,
  SessionChangeMessageSchema,
  SessionReminderMessageSchema,
  ResultMailMessageSchema,
]);
export type QueueMessage = v.InferOutput<typeof QueueMessageSchema>;

let client: SQSClient | undefined;

function sqs(): SQSClient {
  if (!client) {
    const cfg = getConfig();
    client = new SQSClient({
      region: cfg.AWS_REGION,
      ...(cfg.SQS_ENDPOINT
        ? { endpoint: cfg.SQS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
  }
  return client;
}

function queueUrl(): string {
  const url = getConfig().RESULT_MAIL_QUEUE_URL;
  if (!url) throw new Error('RESULT_MAIL_QUEUE_URL is not configured');
  return url;
}

/**
 * Puts messages on the queue, ten per SendMessageBatch call, the calls in parallel. Entries SQS reports as
 * failed are sent again (three tries); any still failing are logged and left: their rows stay untried and are
 * put on the queue again once the round is older than resultMailQueue.requeueAfterMs. Returns how many went.
 */
export async function enqueueResultMails(messages: readonly QueueMessage[]): Promise<number> {
  const chunks: QueueMessage[][] = [];
  for (let i = 0; i < messages.length; i += resultMailQueue.sendBatchSize) {
    chunks.push(messages.slice(i, i + resultMailQueue.sendBatchSize));
  }
  const sent = await Promise.all(chunks.map((chunk) => sendChunk(chunk)));
  return sent.reduce((a, b) => a + b, 0);
}

async function sendChunk(chunk: QueueMessage[]): Promise<number> {
  let pending = chunk.map((message, i) => ({ Id: String(i), MessageBody: JSON.stringify(message) }));
  for (let attempt = 1; pending.length && attempt <= 3; attempt++) {
    try {
      const out = await sqs().send(new SendMessageBatchCommand({ QueueUrl: queueUrl(), Entries: pending }));
      const failed = new Set((out.Failed ?? []).map((f) => f.Id));
      pending = pending.filter((entry) => failed.has(entry.Id));
    } catch (error) {
      log.warn('result mail enqueue failed', {
        attempt,
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  }
  if (pending.length) log.error('result mails left unqueued until requeued', { count: pending.length });
  return chunk.length - pending.length;
}
