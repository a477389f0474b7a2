/**
 * The "E-mail me when it opens" list (issue 18): one item per account that asked, mailed once when the admin
 * opens registration. Exactly once per person by a claim with a lease (db/platform/exactly-once.ts), as result mail:
 *
 *   waiting ──claim──► sending ──► mailed (kept: the answer says "not on the list" again)
 *      ▲                 │
 *      └─── release ─────┘ (nothing went out: throttled, or out of time)
 *
 * A duplicate queue message, a second opening or two workers find the item claimed or mailed and do nothing.
 * Asking again after the mail puts the account back on the list, for the next opening.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { claimWithLease, whileClaimed, type ClaimFields, type Lease } from '../platform/exactly-once';
import { keys } from '../platform/keys';
import { unlessConditionFails } from '../platform/transactions';

export type OpeningNoticeState = 'waiting' | 'sending' | 'mailed';

export interface OpeningNoticeItem {
  user_id: string;
  state: OpeningNoticeState;
  requested_at: string;
  /** When it was mailed, and for which season's opening (state 'mailed'). */
  mailed_at?: string;
  season_id?: string;
}

const CLAIM: ClaimFields = {
  state: '#state',
  claim: 'claim',
  leaseUntil: 'lease_until',
  claimedState: 'sending',
};

function toItem(item: Record<string, unknown>): OpeningNoticeItem {
  return {
    user_id: item.user_id as string,
    state: item.state as OpeningNoticeState,
    requested_at: item.requested_at as string,
    ...(typeof item.mailed_at === 'string' ? { mailed_at: item.mailed_at } : {}),
    ...(typeof item.season_id === 'string' ? { season_id: item.season_id } : {}),
  };
}

export async function getOpeningNotice(userId: string): Promise<OpeningNoticeItem | null> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.openingNotice(userId) }));
  return out.Item ? toItem(out.Item) : null;
}

/**
 * Puts the account on the list (again, after a mail of an earlier opening). A request while a mail to it is
 * being sent changes nothing: that mail is the one it asked for.
 */
export async function requestOpeningNotice(userId: string, now: Date): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.openingNotice(userId),
          type: 'opening-notice',
          user_id: userId,
          state: 'waiting',
          requested_at: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(PK) OR #state <> :sending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    ),
  );
}

/** Takes the account off the list (nothing to do if it was not on it). */
export async function cancelOpeningNotice(userId: string): Promise<void> {
  await db()
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.openingNotice(userId),
        ConditionExpression: 'attribute_not_exists(PK) OR #state <> :sending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    )
    .catch((error: unknown) => {
      // Being mailed right now: the mail is on its way and the item ends as mailed.
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** The accounts still waiting for the mail (strongly consistent: a request just made is seen). */
export async function listWaitingOpeningNotices(): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        FilterExpression: '#state <> :mailed',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':pk': keys.openingNoticesPartition.PK, ':mailed': 'mailed' },
        ProjectionExpression: 'user_id',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) ids.push(item.user_id as string);
    start = out.LastEvaluatedKey;
  } while (start);
  return ids;
}

/** Claims one account's mail: only while it waits (or its sender's lease ran out). Null: nothing to do. */
export async function claimOpeningNotice(userId: string, lease: Lease): Promise<OpeningNoticeItem | null> {
  const update = claimWithLease(CLAIM, lease, {
    condition: 'attribute_exists(PK) AND #state <> :mailed',
    names: { '#state': 'state' },
    values: { ':mailed': 'mailed' },
  });
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.openingNotice(userId),
        ...update,
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#state': 'state' },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out?.Attributes ? toItem(out.Attributes) : null;
}

/** Records the mail as done (sent, refused or unknown: never tried again) while the claim holds. */
export async function markOpeningNoticeMailed(
  userId: string,
  claim: string,
  input: { seasonId: string; now: Date; outcome: string },
): Promise<void> {
  const update = whileClaimed(CLAIM, claim, {
    set: '#state = :mailed, mailed_at = :at, season_id = :season, outcome = :outcome',
    names: { '#state': 'state' },
    values: {
      ':mailed': 'mailed',
      ':at': input.now.toISOString(),
      ':season': input.seasonId,
      ':outcome': input.outcome,
    },
  });
  await unlessConditionFails(() =>
    db().send(new UpdateCommand({ TableName: tableName(), Key: keys.openingNotice(userId), ...update })),
  );
}

/** Gives the claim back, nothing sent: the next delivery of the message tries again. */
export async function releaseOpeningNotice(userId: string, claim: string): Promise<void> {
  const update = whileClaimed(CLAIM, claim, {
    set: '#state = :waiting',
    names: { '#state': 'state' },
    values: { ':waiting': 'waiting' },
  });
  await unlessConditionFails(() =>
    db().send(new UpdateCommand({ TableName: tableName(), Key: keys.openingNotice(userId), ...update })),
  );
}
