/**
 * What SES reported about each address the club mails (from the configuration set's bounce, complaint and
 * delivery events, handlers/mail/ses-events.ts). A hard bounce or a complaint suppresses the address for good:
 * the mail sender checks it before every message, and the admin table can show it.
 */
import { createHash } from 'node:crypto';
import { normaliseEmail } from '@club/shared';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { unlessConditionFails } from '../platform/transactions';

/** Why an address is never mailed again. */
export type SuppressionReason = 'bounced' | 'complained';

export interface MailStatus {
  /** The latest event SES reported, by its own timestamp. */
  readonly lastEvent: 'delivered' | 'soft-bounced' | SuppressionReason;
  readonly lastEventAt: string;
  /** Set by the first hard bounce or complaint and never cleared by a later event. */
  readonly suppressed?: SuppressionReason;
  readonly suppressedAt?: string;
}

/** The one-way name of an address under which a suppression outlives a deleted member (issue 19). */
export function addressHash(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

/**
 * Reads an address's status (strongly consistent: a bounce recorded a moment ago already counts). An address
 * of a deleted member that had bounced is known only by its hash: it reads as suppressed still.
 */
export async function getMailStatus(email: string): Promise<MailStatus | undefined> {
  const [out, hashed] = await Promise.all([
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.mailStatus(email),
        ProjectionExpression: 'lastEvent, lastEventAt, suppressed, suppressedAt',
        ConsistentRead: true,
      }),
    ),
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.mailStatusHash(addressHash(email)),
        ProjectionExpression: 'suppressed, suppressedAt',
        ConsistentRead: true,
      }),
    ),
  ]);
  // A suppression under the hash wins over a newer status of the address: it is never lifted.
  if (out.Item?.suppressed || !hashed.Item?.suppressed) return out.Item as MailStatus | undefined;
  const reason = hashed.Item.suppressed as SuppressionReason;
  const at = (hashed.Item.suppressedAt as string | undefined) ?? '';
  return { lastEvent: reason, lastEventAt: at, suppressed: reason, suppressedAt: at };
}

/**
 * Records an event for an address. The suppression is set with if_not_exists, so the first reason stays and
 * no later event (a delivery reported late, a second bounce) can lift it; lastEvent moves only to a newer
 * event, so events arriving out of order leave the newest one shown. Safe under concurrency: each call is
 * one conditional UpdateItem.
 */
export async function recordMailEvent(
  email: string,
  event: MailStatus['lastEvent'],
  at: Date,
): Promise<void> {
  const suppresses = event === 'bounced' || event === 'complained';
  const values = { ':event': event, ':at': at.toISOString(), ':email': normaliseEmail(email) };
  const suppression = suppresses
    ? ', suppressed = if_not_exists(suppressed, :event), suppressedAt = if_not_exists(suppressedAt, :at)'
    : '';
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.mailStatus(email),
        UpdateExpression: `SET email = :email, lastEvent = :event, lastEventAt = :at${suppression}`,
        ConditionExpression: 'attribute_not_exists(lastEventAt) OR lastEventAt <= :at',
        ExpressionAttributeValues: values,
      }),
    ),
  );
  // An older event than the one shown: it may still suppress, which must not be lost.
  if (!written && suppresses) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.mailStatus(email),
        UpdateExpression:
          'SET suppressed = if_not_exists(suppressed, :event), suppressedAt = if_not_exists(suppressedAt, :at)',
        ExpressionAttributeValues: { ':event': event, ':at': values[':at'] },
      }),
    );
  }
}
