/**
 * The result mail's state on its registration row. The row, not the queue, is the truth: every step is one
 * conditional update, so however many requests, deliveries and workers race, each result is mailed once.
 *
 *   (none) ──queue──► queued ──claim──► sending ──► sent (email_sent true)
 *     ▲                 ▲                 │   └───► failed ──queue──► queued …
 *     │                 └────release──────┘ (not sent: throttled)
 *     └── a change of result forgets all of it (db/tryouts.ts setResult)
 *
 * A `sending` row whose lease ran out lost its sender somewhere between claiming and recording the answer:
 * whether the mail went out is unknown, so nothing sends it again by itself; it reads as failed until an
 * admin sends again (README, decisions).
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import { cancellationCodes, isConditionFailure } from './transactions';
import { toTryout, type TryoutItem } from './tryouts';

interface RowRef {
  seasonId: string;
  userId: string;
}

/** One conditional update of a registration; the item as written, or null when the condition failed. */
async function transition(
  row: RowRef,
  update: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeValues: Record<string, unknown>;
    ExpressionAttributeNames?: Record<string, string>;
  },
): Promise<TryoutItem | null> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(row.seasonId, row.userId),
        ...update,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toTryout(out.Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** The condition "the row's result is still version v" (rows never given a result have no version yet). */
function atVersion(version: number): string {
  return version === 0 ? 'attribute_not_exists(result_version)' : 'result_version = :v';
}

/** DynamoDB's most items in one transaction. */
const TRANSACTION_ITEMS = 100;
/**
 * Transactions a send runs at once. More contend for the same partition's rows and locks (DynamoDB Local
 * ran ten at once three times slower than one after another); two keep one writing while the other's
 * messages go onto the queue.
 */
const TRANSACTION_LANES = 2;

/** The update that queues one row's mail for a round (see queueResultMails). */
function queueUpdate(seasonId: string, row: { userId: string; version: number }, round: string, now: number) {
  return {
    TableName: tableName(),
    Key: keys.tryout(seasonId, row.userId),
    UpdateExpression:
      'SET mail_state = :queued, mail_version = :v, mail_round = :round, mail_queued_at = :now ' +
      'REMOVE mail_claim, mail_lease_until, mail_error',
    ConditionExpression:
      `attribute_exists(PK) AND ${atVersion(row.version)} AND #result <> :pending AND email_sent = :false ` +
      'AND (attribute_not_exists(mail_state) OR mail_state = :failed OR ' +
      '(mail_state = :sending AND mail_lease_until < :now))',
    ExpressionAttributeNames: { '#result': 'result' },
    ExpressionAttributeValues: {
      ':queued': 'queued',
      ':failed': 'failed',
      ':sending': 'sending',
      ':pending': '',
      ':false': false,
      ':v': row.version,
      ':round': round,
      ':now': now,
    },
  };
}

/**
 * Queues decided rows' mail for a send round: each only while its result is still the version the send
 * read, its mail has not gone out, and no send holds it (not mailed yet, failed, or a sender's lease ran
 * out). Up to 100 rows per transaction, so a season of 1,000 takes ten writes; a transaction cancelled by
 * rows whose condition failed (a concurrent send queued them first, or the result changed) is run again
 * without them. Of concurrent sends exactly one queues each row. Calls `onQueued` with each transaction's
 * rows as soon as they are written, and answers the user ids queued.
 */
export async function queueResultMails(
  seasonId: string,
  rows: ReadonlyArray<{ userId: string; version: number }>,
  round: string,
  now: number,
  onQueued: (userIds: string[]) => void,
): Promise<Set<string>> {
  const queued = new Set<string>();
  const chunks: Array<Array<{ userId: string; version: number }>> = [];
  for (let i = 0; i < rows.length; i += TRANSACTION_ITEMS) chunks.push(rows.slice(i, i + TRANSACTION_ITEMS));
  let next = 0;
  const lane = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let pending = chunk;
      for (let attempt = 0; pending.length; attempt++) {
        try {
          await db().send(
            new TransactWriteCommand({
              TransactItems: pending.map((row) => ({ Update: queueUpdate(seasonId, row, round, now) })),
            }),
          );
          const ids = pending.map((row) => row.userId);
          for (const id of ids) queued.add(id);
          onQueued(ids);
          pending = [];
        } catch (error) {
          const codes = cancellationCodes(error);
          if (!codes || attempt >= 20) throw error;
          const refused = new Set(codes.flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : [])));
          pending = pending.filter((_, i) => !refused.has(i));
          // Only colliding with another transaction on the same rows: wait a moment and try again.
          if (!refused.size) await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(TRANSACTION_LANES, chunks.length) }, lane));
  return queued;
}

/**
 * Renews the queue time of a row still queued since `seenQueuedAt`, for whoever puts its message on the
 * queue again (its first one was lost): of concurrent requeuers one wins. False when the row moved on.
 */
export async function renewQueuedResultMail(
  row: RowRef & { seenQueuedAt: number; now: number },
): Promise<boolean> {
  const out = await transition(row, {
    UpdateExpression: 'SET mail_queued_at = :now',
    ConditionExpression: 'mail_state = :queued AND mail_queued_at = :seen',
    ExpressionAttributeValues: { ':queued': 'queued', ':seen': row.seenQueuedAt, ':now': row.now },
  });
  return out !== null;
}

/**
 * Claims a queued row's mail for one sender, with a lease: only from queued, for the version the message
 * names. A redelivered or duplicate message finds it claimed or sent and gets null, so it sends nothing.
 */
export function claimResultMail(
  row: RowRef & { version: number; claim: string; leaseUntil: number },
): Promise<TryoutItem | null> {
  return transition(row, {
    UpdateExpression: 'SET mail_state = :sending, mail_claim = :claim, mail_lease_until = :lease',
    ConditionExpression: 'mail_state = :queued AND mail_version = :v AND email_sent = :false',
    ExpressionAttributeValues: {
      ':sending': 'sending',
      ':queued': 'queued',
      ':v': row.version,
      ':false': false,
      ':claim': row.claim,
      ':lease': row.leaseUntil,
    },
  });
}

/**
 * Claims a decided row's mail for an admin's explicit resend, whatever was mailed before, unless a sender
 * holds a live lease on it right now. Queued rows are taken over (their message then finds them claimed).
 */
export function claimResultMailForResend(
  row: RowRef & { claim: string; leaseUntil: number; now: number },
): Promise<TryoutItem | null> {
  return transition(row, {
    UpdateExpression:
      'SET mail_state = :sending, mail_claim = :claim, mail_lease_until = :lease, ' +
      'mail_version = if_not_exists(result_version, :zero)',
    ConditionExpression:
      'attribute_exists(PK) AND #result <> :pending AND ' +
      'NOT (mail_state = :sending AND mail_lease_until >= :now)',
    ExpressionAttributeNames: { '#result': 'result' },
    ExpressionAttributeValues: {
      ':sending': 'sending',
      ':pending': '',
      ':zero': 0,
      ':claim': row.claim,
      ':lease': row.leaseUntil,
      ':now': row.now,
    },
  });
}

/**
 * Records that the mail service accepted the claimed mail: email_sent true and which result version was
 * mailed. Only while the claim holds: a result changed meanwhile has dropped the claim, so the row stays
 * Not Sent for its new result. False when the claim was gone.
 */
export async function markResultMailSent(
  row: RowRef & { claim: string; version: number; now: Date },
): Promise<boolean> {
  const out = await transition(row, {
    UpdateExpression:
      'SET email_sent = :true, mail_state = :sent, mailed_version = :v, mailed_at = :at ' +
      'REMOVE mail_claim, mail_lease_until, mail_error',
    ConditionExpression: 'mail_claim = :claim',
    ExpressionAttributeValues: {
      ':true': true,
      ':sent': 'sent',
      ':v': row.version,
      ':at': row.now.toISOString(),
      ':claim': row.claim,
    },
  });
  return out !== null;
}

/** Records that the mail service refused the claimed mail (nothing was sent): failed, with its reason. */
export async function markResultMailFailed(
  row: RowRef & { claim: string; reason: string },
): Promise<boolean> {
  const out = await transition(row, {
    UpdateExpression: 'SET mail_state = :failed, mail_error = :reason REMOVE mail_claim, mail_lease_until',
    ConditionExpression: 'mail_claim = :claim',
    ExpressionAttributeValues: { ':failed': 'failed', ':reason': row.reason, ':claim': row.claim },
  });
  return out !== null;
}

/**
 * Gives a claimed mail back to the queue unsent (the mail service asked to slow down, or the sender ran out
 * of time before sending): queued again, from now.
 */
export async function releaseResultMail(row: RowRef & { claim: string; now: number }): Promise<boolean> {
  const out = await transition(row, {
    UpdateExpression: 'SET mail_state = :queued, mail_queued_at = :now REMOVE mail_claim, mail_lease_until',
    ConditionExpression: 'mail_claim = :claim',
    ExpressionAttributeValues: { ':queued': 'queued', ':now': row.now, ':claim': row.claim },
  });
  return out !== null;
}
