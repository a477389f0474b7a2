/**
 * The writes of a member's deletion (issue 19, services/privacy/account-deletion.ts): registrations kept for the
 * club's records without identity, items deleted, and a bounced address's suppression kept as a hash.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { addressHash } from '../mail/mail-status';
import { unlessConditionFails } from '../platform/transactions';
import { REMOVED_REFUND_REASON } from '@club/shared/personal-data';
import { instalmentsOfPlayer, stopInstalments } from '../money/instalments';
import { anonymisingUpdate } from './anonymise';

/**
 * The marker that an account's deletion has started (issue 34), written before anything is deleted: the
 * account signs in no more, leaves the retention job's list of idle accounts and joins its list of deletions
 * to finish, so a deletion a crash stopped half-way is finished by the system, not left for the member.
 * Idempotent: a deletion resumed keeps its first start. False when the account is gone.
 */
export async function markDeletionStarted(userId: string, now: Date): Promise<boolean> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression:
          'SET deleting_since = if_not_exists(deleting_since, :now), GSI1PK = :deleting, ' +
          'GSI1SK = if_not_exists(deleting_since, :now)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':deleting': keys.deletingIndexPartition },
      }),
    ),
  );
  return out !== null;
}

/** The ids of accounts whose deletion started before `before` and has not finished (GSI1 DELETING). */
export async function deletionsStartedBefore(before: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :deleting AND GSI1SK < :before',
    ExpressionAttributeValues: { ':deleting': keys.deletingIndexPartition, ':before': before },
  });
  return items.map((item) => String(item.PK).slice('USER#'.length));
}

/**
 * What a registration keeps once its athlete is deleted: season, age group, number, result, attendance,
 * amounts, payment and refund records and Stripe ids. Every personal field goes as the declaration of
 * personal data says (shared personal-data.ts: names read "Deleted member", the rest emptied or removed, so
 * every screen reads the row as before), and the link to the account goes (its place in the account's index).
 */
export async function anonymizeRegistration(seasonId: string, playerId: string, now: Date): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(seasonId, playerId),
        ...anonymisingUpdate('registration', {
          set: { anonymized_at: now.toISOString() },
          unlink: ['GSI1PK', 'GSI1SK'],
        }),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

/**
 * Deletes a registration still waiting for its tryout number (decision 0067), only while it waits. False
 * when it was not waiting: it was numbered meanwhile (a registration to anonymise now) or never written.
 */
export async function deleteWaitingRegistration(seasonId: string, playerId: string): Promise<boolean> {
  const out = await unlessConditionFails(() =>
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.waitingTryout(seasonId, playerId),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
  return out !== null;
}

/**
 * A registration's refunds (and the player's team fee refunds) keep their amounts, ids and dates, but not the
 * admin's free-text reason, which can name the child (issue 34), as the declaration's 'refund' says; Stripe's own reason code stays. Conditional on each refund still existing.
 */
export async function anonymizeRefundReasons(seasonId: string, playerId: string): Promise<void> {
  // The registration's refunds, and (issue 45 §4) the player's team fee refunds, whose reasons are the same.
  const refunds = (
    await Promise.all(
      [keys.refundsOf(seasonId, playerId), keys.teamFeeRefundsOf(seasonId, playerId)].map(
        ({ PK, SKPrefix }) =>
          queryAll({
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
            ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
            ConsistentRead: true,
            ProjectionExpression: 'PK, SK, reason',
          }),
      ),
    )
  ).flat();
  await anonymizeEtransferLine(seasonId, playerId);
  for (const refund of refunds) {
    if (refund.reason === REMOVED_REASON) continue;
    await unlessConditionFails(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: refund.PK, SK: refund.SK },
          ...anonymisingUpdate('refund'),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      ),
    );
  }
}

/**
 * The bank line that paid the registration by Interac e-Transfer (issue 46), if one did: its amount, day and
 * references stay with the club's payment records; the sender's name and message go, as the declaration's
 * 'etransfer-line' says. Called with the refund reasons, the registration's other money free text.
 */
async function anonymizeEtransferLine(seasonId: string, playerId: string): Promise<void> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.tryout(seasonId, playerId),
      ConsistentRead: true,
      ProjectionExpression: 'etransfer_row_id',
    }),
  );
  const rowId = out.Item?.etransfer_row_id;
  if (typeof rowId !== 'string') return;
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.etransferRow(rowId),
        ...anonymisingUpdate('etransfer-line'),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

/**
 * A player's offer of a team place keeps its team, answer and fee (the club's team records), but not the
 * family's reason, the club's reason or the waiver's typed name, as the declaration's 'offer' says (issue 45).
 */
export async function anonymizeOffer(seasonId: string, playerId: string): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(seasonId, playerId),
        ...anonymisingUpdate('offer'),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

/**
 * A player's later instalments of a team fee (issue 46) keep their amounts, dates, state and payment ids (the
 * club's payment records), but not who paid one online nor the family's saved card, as the declaration's
 * 'instalment' says. One not paid is stopped first (conditionally: one paid meanwhile stays paid), as there
 * is no card left to charge it to.
 */
export async function anonymizeInstalments(seasonId: string, playerId: string): Promise<void> {
  await stopInstalments(seasonId, playerId);
  for (const item of await instalmentsOfPlayer(seasonId, playerId)) {
    await unlessConditionFails(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.instalment(seasonId, playerId, item.n),
          ...anonymisingUpdate('instalment'),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      ),
    );
  }
}

/** What a refund's reason reads once the member it was about is deleted (shared personal-data.ts). */
export const REMOVED_REASON = REMOVED_REFUND_REASON;

/** A family checkout's payer address goes; its members, amounts and ids stay. */
export async function anonymizeCheckoutGroup(seasonId: string, groupId: string): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.checkoutGroup(seasonId, groupId),
        UpdateExpression: 'SET email = :empty, user_id = :empty',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':empty': '' },
      }),
    ),
  );
}

/**
 * Deletes items by key, 25 per batch, again for any DynamoDB left unprocessed. A key named twice is deleted
 * once (a batch refuses duplicates).
 */
export async function deleteKeys(keyList: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  const unique = new Map(keyList.map((key) => [`${String(key.PK)}|${String(key.SK)}`, key]));
  keyList = [...unique.values()];
  for (let i = 0; i < keyList.length; i += 25) {
    let requests: Array<Record<string, unknown>> = keyList
      .slice(i, i + 25)
      .map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } }));
    for (let attempt = 0; requests.length && attempt < 8; attempt += 1) {
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (out.UnprocessedItems?.[tableName()] as Array<Record<string, unknown>> | undefined) ?? [];
    }
    if (requests.length) throw new Error('Items could not all be deleted');
  }
}

/**
 * Forgets what the mail service reported for an address, except that it must never be mailed again: a
 * suppressed address's status is kept under the address's hash (db/mail/mail-status.ts checks it), nothing else.
 */
export async function forgetMailStatus(email: string, now: Date): Promise<void> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.mailStatus(email), ConsistentRead: true }),
  );
  const suppressed = out.Item?.suppressed as string | undefined;
  if (suppressed) {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.mailStatusHash(addressHash(email)),
          type: 'mail-status-hash',
          suppressed,
          suppressedAt: (out.Item?.suppressedAt as string | undefined) ?? now.toISOString(),
        },
      }),
    );
  }
  if (out.Item) await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.mailStatus(email) }));
}
