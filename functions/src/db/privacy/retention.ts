/**
 * The reads and writes of the retention job (issue 19, services/privacy/retention.ts): accounts idle past a time
 * (one Query of the accounts index, never a Scan), the latest registration an account made, the deletion
 * notice's claim, and a season's record of having had its personal data removed.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { unlessConditionFails } from '../platform/transactions';

type Item = Record<string, unknown>;

/** The profiles whose last activity (creation, sign-in, registration) is before `cutoff` (ISO). */
export function listAccountsIdleSince(cutoff: string): Promise<Item[]> {
  return queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :accounts AND GSI1SK < :cutoff',
    ExpressionAttributeValues: { ':accounts': keys.accountsIndexPartition, ':cutoff': cutoff },
  });
}

/** When the account last registered an athlete (its registrations are under it in GSI1); null if never. */
export async function latestRegistrationBy(accountId: string): Promise<string | null> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :tryout)',
    ExpressionAttributeValues: {
      ':pk': keys.registrationsOfUserIndex(accountId).GSI1PK,
      ':tryout': keys.registrationsOfUserIndex(accountId).GSI1SKPrefix,
    },
    ProjectionExpression: 'created_at',
  });
  let latest: string | null = null;
  for (const item of items) {
    const at = typeof item.created_at === 'string' ? item.created_at : '';
    if (at && (!latest || at > latest)) latest = at;
  }
  return latest;
}

/** Moves an account's place in the index forward to a later activity (a registration found by the job). */
export async function markAccountActive(userId: string, activeAt: string): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET GSI1PK = :accounts, GSI1SK = :at REMOVE retention_notice_at',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(GSI1SK) OR GSI1SK < :at)',
        ExpressionAttributeValues: { ':accounts': keys.accountsIndexPartition, ':at': activeAt },
      }),
    ),
  );
}

/**
 * Claims the account's deletion notice: set once, and only while the account is still as idle as the job
 * saw it (no sign-in since). False when another run claimed it or the member came back.
 */
export async function claimRetentionNotice(
  userId: string,
  seenActiveAt: string,
  now: Date,
): Promise<boolean> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET retention_notice_at = :now',
        ConditionExpression:
          'attribute_exists(PK) AND attribute_not_exists(retention_notice_at) AND GSI1SK = :seen',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':seen': seenActiveAt },
      }),
    ),
  );
  return out !== null;
}

/** Gives the claim back when the notice could not be sent, so the next run sends it. */
export async function releaseRetentionNotice(userId: string, claimedAt: Date): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'REMOVE retention_notice_at',
        ConditionExpression: 'retention_notice_at = :at',
        ExpressionAttributeValues: { ':at': claimedAt.toISOString() },
      }),
    ),
  );
}

/** The family checkouts of a season (their payer's address goes with the season's personal data). */
export function checkoutGroupsOfSeason(seasonId: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :checkout)',
    ExpressionAttributeValues: {
      ':pk': keys.seasonPartition(seasonId).PK,
      ':checkout': keys.checkoutSKPrefix,
    },
    ConsistentRead: true,
  });
}

/**
 * The keys of a season's registrations still waiting for their number (decision 0067): a season past
 * retention has none unless a crash left one, which then goes with the season's personal data.
 */
export async function waitingRegistrationKeysOfSeason(seasonId: string): Promise<Item[]> {
  const { PK, SKPrefix } = keys.waitingTryoutsOf(seasonId);
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :waiting)',
    ExpressionAttributeValues: { ':pk': PK, ':waiting': SKPrefix },
    ConsistentRead: true,
    ProjectionExpression: 'PK, SK',
  });
}

/** The keys of a season's waitlist (issue 45): a season past retention has no one waiting any more. */
export async function waitlistKeysOfSeason(seasonId: string): Promise<Item[]> {
  const { PK, SKPrefix } = keys.waitlistOf(seasonId);
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix },
    ConsistentRead: true,
    ProjectionExpression: 'PK, SK',
  });
}

/** Records that a season's personal data was removed, so later runs pass it by. */
export async function markSeasonPersonalDataRemoved(seasonId: string, now: Date): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.season(seasonId),
        UpdateExpression: 'SET personal_data_removed_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    ),
  );
}
