/** Fixed-window counters for rate limits: one item per scope, subject and window, removed by TTL. */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * Adds `by` to a window's counter and returns the new count: one atomic UpdateItem ADD, so concurrent
 * requests each see a distinct count and none slips past the limit.
 */
export async function addToRateWindow(input: {
  scope: string;
  subject: string;
  windowStart: number;
  expiresAt: number;
  by: number;
}): Promise<number> {
  const out = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rateWindow(input.scope, input.subject, input.windowStart),
      UpdateExpression: 'ADD #count :by SET expiresAt = :e, #type = :type',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
      ExpressionAttributeValues: { ':by': input.by, ':e': input.expiresAt, ':type': 'rate-window' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (out.Attributes?.count as number | undefined) ?? 0;
}

/** Deletes a window's counter (idempotent). */
export async function clearRateWindow(scope: string, subject: string, windowStart: number): Promise<void> {
  await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.rateWindow(scope, subject, windowStart) }),
  );
}
