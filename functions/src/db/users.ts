/** User profile items. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * Reads whether a user is an administrator right now (a strongly consistent GetItem), so an admin demoted
 * after their token was issued loses access at once.
 */
export async function isAdminNow(userId: string): Promise<boolean> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      ProjectionExpression: 'is_admin',
      ConsistentRead: true,
    }),
  );
  return out.Item?.is_admin === true;
}
