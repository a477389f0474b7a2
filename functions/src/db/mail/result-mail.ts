/**
 * Result mail's state in the table, which is the truth (the queue only carries work):
 * - the season's current round (one item in its partition): which rows, at which result version, an admin's
 *   sends have asked to mail; sends add to it while it is going, and a send after it starts the next;
 * - each registration row: its claims and outcome. A worker claims a row for a round before sending
 *   (conditional: not sent, still that version, not held by a live lease, and never tried in this round or a
 *   later one), marks it sent or failed only while its claim holds, and a change of result forgets it all.
 *
 *   in the round ──claim──► sending ──► sent (email_sent true)
 *        ▲                    │   └───► failed (tried in this round; the next round tries again)
 *        └──── release ───────┘ (nothing went out: throttled, or out of time)
 *
 * So a redelivered or duplicate message, a double click, two admins or a restart mail each result once. A
 * `sending` row whose lease ran out lost its sender between claiming and recording the answer: whether the
 * mail went out is unknown, and no message of that round can claim it again; it reads as failed until an
 * admin's next send (docs/decisions/0032-lost-messages-and-answers.md).
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditBy } from '../platform/audit';
import { db, tableName } from '../platform/client';
import { claimWithLease, whileClaimed, type ClaimFields, type Lease } from '../platform/exactly-once';
import { keys } from '../platform/keys';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';
import { getTryoutsOf, updateTryout, updateTryoutIf } from '../registration/registrations';
import { roundEntry, toRound, type ResultRound } from '../seasons/season-partition';
import type { RegistrationItem } from '../registration/registration-item';

export { roundEntry, type ResultRound };

/** Reads a season's current round (strongly consistent); null before its first send. */
export async function getResultRound(seasonId: string): Promise<ResultRound | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.resultRound(seasonId), ConsistentRead: true }),
  );
  return out.Item ? toRound(out.Item) : null;
}

/**
 * Starts a new round with its rows in ONE write (a season of 1,000 is about 40 KB of the item's 400 KB), only
 * if the round is still the one the caller saw finished (null: none yet), so of two sends starting a round
 * at once one wins and the other joins it. False when another send moved the round first.
 */
export async function startResultRound(
  seasonId: string,
  seenId: string | null,
  round: { id: string; now: number; entries: readonly string[] },
  by: AuditBy,
): Promise<boolean> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.resultRound(seasonId),
                type: 'result-round',
                round: round.id,
                started_at: round.now,
                requeued_at: round.now,
                entries: new Set(round.entries),
              },
              ConditionExpression: seenId === null ? 'attribute_not_exists(PK)' : '#round = :seen',
              ExpressionAttributeNames: seenId === null ? undefined : { '#round': 'round' },
              ExpressionAttributeValues: seenId === null ? undefined : { ':seen': seenId },
            },
          },
          auditPut(
            by,
            { action: 'result_mail_send', seasonId },
            { round: seenId },
            { round: round.id, rows: round.entries.length },
          ),
        ],
      }),
    ),
  );
  if (codes && codes[0] !== 'ConditionalCheckFailed') {
    throw new Error(`Result round transaction failed: ${codes.join(',')}`);
  }
  return codes === null;
}

/**
 * Adds rows to a round that is still going (ADD to its set: rows two sends add at once are in it once), only
 * while it is still the current round and holds exactly the rows the caller saw (a round's rows only grow,
 * so the same count is the same rows): what this call added is then exact, and the caller puts those on the
 * queue. The round as written, or null when it moved on or grew meanwhile (the caller reads it again).
 */
export async function joinResultRound(
  seasonId: string,
  seen: ResultRound,
  entries: readonly string[],
  by: AuditBy,
): Promise<{ added: string[]; round: ResultRound } | null> {
  const added = [...new Set(entries)].filter((e) => !seen.entries.has(e));
  if (!added.length) return { added, round: seen };
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.resultRound(seasonId),
              UpdateExpression: 'ADD entries :entries',
              ConditionExpression: '#round = :round AND size(entries) = :seen',
              ExpressionAttributeNames: { '#round': 'round' },
              ExpressionAttributeValues: {
                ':entries': new Set(added),
                ':round': seen.id,
                ':seen': seen.entries.size,
              },
            },
          },
          auditPut(
            by,
            { action: 'result_mail_send', seasonId },
            { round: seen.id, rows: seen.entries.size },
            { round: seen.id, rows: seen.entries.size + added.length },
          ),
        ],
      }),
    ),
  );
  if (codes && codes[0] !== 'ConditionalCheckFailed') {
    throw new Error(`Result round transaction failed: ${codes.join(',')}`);
  }
  if (codes) return null;
  return { added, round: { ...seen, entries: new Set([...seen.entries, ...added]) } };
}

/**
 * Renews when a round's lost messages were last put back, only from the time the caller saw, so of
 * concurrent requeuers one puts them on the queue. False when another did.
 */
export async function renewResultRoundRequeue(
  seasonId: string,
  round: { id: string; seenRequeuedAt: number; now: number },
): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.resultRound(seasonId),
        UpdateExpression: 'SET requeued_at = :now',
        ConditionExpression: '#round = :round AND requeued_at = :seen',
        ExpressionAttributeNames: { '#round': 'round' },
        ExpressionAttributeValues: { ':round': round.id, ':seen': round.seenRequeuedAt, ':now': round.now },
      }),
    ),
  );
  return written !== null;
}

interface RowRef {
  seasonId: string;
  playerId: string;
}

/** A row's mail is claimed through these attributes (db/platform/exactly-once.ts's claim with a lease). */
const MAIL_CLAIM: ClaimFields = {
  state: 'mail_state',
  claim: 'mail_claim',
  leaseUntil: 'mail_lease_until',
  claimedState: 'sending',
};

/**
 * Claims a row's mail for a round's sender, with a lease: only while its mail has not gone out, its result
 * is still the version the round asked for, no sender holds a live lease, and it was not tried in this round
 * or a later one. A redelivered or duplicate message, or one of an older round, gets null and sends nothing.
 */
export function claimResultMail(
  row: RowRef & Lease & { version: number; round: string },
): Promise<RegistrationItem | null> {
  return updateTryoutIf(row.seasonId, row.playerId, roundClaim(row));
}

/** A claim of one row's mail for a round, as claimResultMail writes it. */
function roundClaim(row: Lease & { version: number; round: string }) {
  return claimWithLease(MAIL_CLAIM, row, {
    set: 'mail_round = :round',
    remove: ['mail_error'],
    condition:
      'email_sent = :false AND result_version = :v AND (attribute_not_exists(mail_round) OR mail_round < :round)',
    values: { ':round': row.round, ':false': false, ':v': row.version },
  });
}

/**
 * Claims the mails of a family's rows for one round together (issue 42: one mail per family per round), in
 * ONE transaction under the same claim: all of them, or none when any is no longer claimable (sent, its
 * result changed, held by a live lease, or tried in this round: a duplicate message finds them so). The
 * rows as claimed (strongly consistent reads), or null when the transaction was refused.
 */
export async function claimResultMailsTogether(
  rows: ReadonlyArray<RowRef & { version: number }>,
  lease: Lease & { round: string },
): Promise<RegistrationItem[] | null> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: rows.map((row) => ({
          Update: {
            TableName: tableName(),
            Key: keys.tryout(row.seasonId, row.playerId),
            ...roundClaim({ ...lease, version: row.version }),
          },
        })),
      }),
    ),
  );
  if (codes && !codes.includes('ConditionalCheckFailed')) {
    throw new Error(`Result mail claim transaction failed: ${codes.join(',')}`);
  }
  if (codes) return null;
  const claimed = await getTryoutsOf(
    rows[0]!.seasonId,
    rows.map((r) => r.playerId),
  );
  return claimed.filter((r) => r.mail_claim === lease.claim);
}

/**
 * Claims a decided row's mail for an admin's explicit resend, whatever was mailed before, unless a sender
 * holds a live lease on it. It is marked tried as of now (`round`, later than any running round), so no
 * message of a running round sends it again, whatever the resend's outcome.
 */
export async function claimResultMailForResend(
  row: RowRef & Lease & { round: string; by: AuditBy },
): Promise<RegistrationItem | null> {
  const out = await updateTryout(
    row.seasonId,
    row.playerId,
    claimWithLease(MAIL_CLAIM, row, {
      set: 'mail_round = :round',
      remove: ['mail_error'],
      condition: 'attribute_exists(PK) AND #result <> :pending',
      names: { '#result': 'result' },
      values: { ':round': row.round, ':pending': '' },
    }),
    { by: row.by, action: 'result_mail_resend', after: { mail_round: row.round } },
  );
  return 'item' in out ? out.item : null;
}

/**
 * Records that the mail service accepted the claimed mail: email_sent true and which result version was
 * mailed. Only while the claim holds: a result changed meanwhile has dropped the claim, so the row stays
 * Not Sent for its new result. False when the claim was gone.
 */
export async function markResultMailSent(
  row: RowRef & { claim: string; version: number; now: Date },
): Promise<boolean> {
  const out = await updateTryoutIf(
    row.seasonId,
    row.playerId,
    whileClaimed(MAIL_CLAIM, row.claim, {
      set: 'email_sent = :true, mail_state = :sent, mailed_version = :v, mailed_at = :at',
      values: { ':true': true, ':sent': 'sent', ':v': row.version, ':at': row.now.toISOString() },
    }),
  );
  return out !== null;
}

/** Records that the claimed mail did not go out, or may not have: failed, with its reason. */
export async function markResultMailFailed(
  row: RowRef & { claim: string; reason: string },
): Promise<boolean> {
  const out = await updateTryoutIf(
    row.seasonId,
    row.playerId,
    whileClaimed(MAIL_CLAIM, row.claim, {
      set: 'mail_state = :failed, mail_error = :reason',
      values: { ':failed': 'failed', ':reason': row.reason },
    }),
  );
  return out !== null;
}

/**
 * Gives a claimed mail back unsent (the mail service asked to slow down, or nothing reached it): untried
 * again, so the redelivered message can claim it.
 */
export async function releaseResultMail(row: RowRef & { claim: string }): Promise<boolean> {
  const out = await updateTryoutIf(
    row.seasonId,
    row.playerId,
    whileClaimed(MAIL_CLAIM, row.claim, { remove: ['mail_state', 'mail_round'] }),
  );
  return out !== null;
}
