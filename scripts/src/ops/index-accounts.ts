/**
 * Once per stage, after the release that brought the retention job (issue 19): puts every account made
 * before it into the accounts index, at its latest known activity (its creation or verification; a sign-in
 * since has already put it there). Without this, an account that never signs in again would never be
 * noticed or deleted. An operator runs it with their own credentials (the functions may not Scan):
 *
 *   AWS_REGION=ca-central-1 TABLE_NAME=<the stage's table> npx tsx scripts/src/ops/index-accounts.ts
 *
 * It reads the table once, page by page, and writes only profiles not yet indexed (a condition makes it safe
 * to run twice, or beside the live site).
 */
import { pathToFileURL } from 'node:url';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@club/functions/db/platform/client';
import { keys } from '@club/functions/db/platform/keys';
import { unlessConditionFails } from '@club/functions/db/platform/transactions';

export async function indexAccounts(): Promise<{ indexed: number }> {
  let indexed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'SK = :profile AND attribute_not_exists(GSI1PK)',
        ExpressionAttributeValues: { ':profile': keys.user('x').SK },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const activeAt = [item.createdAt, item.verifiedAt, item.last_sign_in_at]
        .filter((at): at is string => typeof at === 'string')
        .sort()
        .at(-1);
      if (!activeAt) continue;
      const { GSI1PK, GSI1SK } = keys.accountsIndex(activeAt);
      const written = await unlessConditionFails(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI1PK)',
            ExpressionAttributeValues: { ':pk': GSI1PK, ':sk': GSI1SK },
          }),
        ),
      );
      if (written) indexed += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { indexed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  indexAccounts().then(
    ({ indexed }) => console.log(`${indexed} accounts added to the accounts index`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
