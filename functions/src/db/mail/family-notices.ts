/**
 * Mail to a family that goes out once per notice and account (issue 36): a session's change today, a
 * session's reminder later. The same claim → sent / given back shape as the opening notices and result mail:
 * a claim is one conditional write with a lease, so two workers given the same message send once, a worker
 * that dies holding a claim lets the next delivery take it after the lease, and a send that failed gives the
 * claim back for the queue's next try. Each item expires with the season's mail (it holds only ids).
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { expiresAt, keys } from '../platform/keys';
import { unlessConditionFails } from '../platform/transactions';

/** How long a notice's record is kept: long past any redelivery of its message. */
const KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** Claims the notice for this account; false when it was sent, or another holds a live claim. */
export async function claimFamilyNotice(input: {
  noticeId: string;
  accountId: string;
  claim: string;
  leaseUntil: number;
  now: Date;
}): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.familyNotice(input.noticeId, input.accountId),
          type: 'family-notice',
          state: 'claimed',
          claim: input.claim,
          lease_until: input.leaseUntil,
          expiresAt: expiresAt(new Date(input.now.getTime() + KEPT_MS)),
        },
        ConditionExpression: 'attribute_not_exists(PK) OR (#state = :claimed AND lease_until < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':claimed': 'claimed', ':now': input.now.getTime() },
      }),
    ),
  );
  return written !== null;
}

/** Records the notice as sent, while this claim still holds it. */
export async function markFamilyNoticeSent(
  noticeId: string,
  accountId: string,
  claim: string,
): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.familyNotice(noticeId, accountId),
        UpdateExpression: 'SET #state = :sent, sent_at = :at REMOVE claim, lease_until',
        ConditionExpression: 'claim = :claim',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sent': 'sent', ':at': new Date().toISOString(), ':claim': claim },
      }),
    ),
  );
}

/** Gives a claim back (nothing went out), so the queue's next try sends. */
export async function releaseFamilyNotice(noticeId: string, accountId: string, claim: string): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.familyNotice(noticeId, accountId),
        ConditionExpression: 'claim = :claim',
        ExpressionAttributeValues: { ':claim': claim },
      }),
    ),
  );
}
