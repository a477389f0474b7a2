/**
 * Refresh tokens and their session families. A refresh token is valid while its item exists unspent and
 * unexpired AND its family item exists; revoking a family deletes that one item, which kills every token
 * ever rotated within it at once.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { expiresAt, keys } from '../platform/keys';
import { unlessConditionFails, transactOrConditionCodes } from '../platform/transactions';

export interface RefreshTokenItem {
  userId: string;
  familyId: string;
  /** Epoch seconds after which the token cannot be spent (and TTL may remove it). */
  expiresAt: number;
  /** Epoch seconds when its family ends, whatever its use; absent on tokens issued before families ended. */
  familyEndsAt?: number;
  /** Epoch ms when the token was rotated; absent while it is the family's current token. */
  usedAt?: number;
}

/**
 * Writes the items in one transaction (all or none), retrying only mere conflicts; false when one of its
 * conditions did not hold.
 */
async function transactWrite(
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
): Promise<boolean> {
  const codes = await transactOrConditionCodes(() =>
    db().send(new TransactWriteCommand({ TransactItems: items })),
  );
  return codes === null;
}

/** The transaction item that writes a family's next (or first) refresh token, unspent. */
function putRefreshToken(input: {
  userId: string;
  familyId: string;
  tokenHash: string;
  expires: Date;
  familyEndsAt: Date;
}) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.refreshSession(input.tokenHash),
        type: 'refresh-token',
        userId: input.userId,
        familyId: input.familyId,
        expiresAt: expiresAt(input.expires),
        familyEndsAt: expiresAt(input.familyEndsAt),
      },
    },
  };
}

function toRefreshToken(item: Record<string, unknown>): RefreshTokenItem {
  return {
    userId: item.userId as string,
    familyId: item.familyId as string,
    expiresAt: item.expiresAt as number,
    familyEndsAt: item.familyEndsAt as number | undefined,
    usedAt: item.usedAt as number | undefined,
  };
}

/**
 * Starts a session family with its first token, only if the user's password is still the one that was
 * checked (passwordVersion): a sign-in racing a password reset cannot leave a session behind it. The
 * profile records the sign-in in the same transaction.
 */
export async function startSessionFamily(input: {
  userId: string;
  familyId: string;
  tokenHash: string;
  passwordVersion: number;
  now: Date;
  expires: Date;
  familyEndsAt: Date;
}): Promise<boolean> {
  return transactWrite([
    {
      // The sign-in is the account's latest use: the retention job (issue 19) leaves it alone for another
      // period, and a deletion notice it was sent no longer holds.
      Update: {
        TableName: tableName(),
        Key: keys.user(input.userId),
        UpdateExpression:
          'SET last_sign_in_at = :now, GSI1PK = :accounts, GSI1SK = :now REMOVE retention_notice_at',
        // An account being deleted (issue 34) signs in no more.
        ConditionExpression: 'passwordVersion = :v AND attribute_not_exists(deleting_since)',
        ExpressionAttributeValues: {
          ':v': input.passwordVersion,
          ':now': input.now.toISOString(),
          ':accounts': keys.accountsIndexPartition,
        },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.sessionFamily(input.userId, input.familyId),
          type: 'session-family',
          familyId: input.familyId,
          createdAt: input.now.toISOString(),
          // The family's end, never extended: TTL removes it once no token of it can be spent.
          expiresAt: expiresAt(input.familyEndsAt),
          // Every token of the family, so its revocation (a sign-out, a deletion) deletes them too.
          token_hashes: new Set([input.tokenHash]),
        },
      },
    },
    putRefreshToken(input),
  ]);
}

/** Reads a refresh token item in any state (strongly consistent), or null. */
export async function getRefreshToken(tokenHash: string): Promise<RefreshTokenItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.refreshSession(tokenHash), ConsistentRead: true }),
  );
  return out.Item ? toRefreshToken(out.Item) : null;
}

/**
 * Marks an unspent, unexpired refresh token spent and returns it: a conditional update, so of any number of
 * concurrent refreshes with one token exactly one gets it. Null when it was not spendable.
 */
export async function spendRefreshToken(tokenHash: string, now: Date): Promise<RefreshTokenItem | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.refreshSession(tokenHash),
        UpdateExpression: 'SET usedAt = :nowMs',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(usedAt) AND expiresAt > :now',
        ExpressionAttributeValues: { ':nowMs': now.getTime(), ':now': expiresAt(now) },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out ? toRefreshToken(out.Attributes!) : null;
}

/**
 * Adds the next token to a family, only while the family exists and has not ended: a transaction, so a
 * revocation that lands first makes this fail, and one that lands after deletes the family the new token
 * needs. Returns false when the family was revoked or is over.
 */
export async function continueSessionFamily(input: {
  userId: string;
  familyId: string;
  tokenHash: string;
  now: Date;
  expires: Date;
  familyEndsAt: Date;
}): Promise<boolean> {
  return transactWrite([
    {
      Update: {
        TableName: tableName(),
        Key: keys.sessionFamily(input.userId, input.familyId),
        // The family lists the new token, so its revocation deletes it too (issue 42).
        UpdateExpression: 'ADD token_hashes :h',
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': expiresAt(input.now), ':h': new Set([input.tokenHash]) },
      },
    },
    putRefreshToken(input),
  ]);
}

/** Batch-deletes items by key, again for any DynamoDB left unprocessed. */
async function deleteAll(keyList: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  for (let i = 0; i < keyList.length; i += 25) {
    let requests = keyList.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    while (requests.length) {
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (out.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
}

/** The refresh-token items a family item lists (`token_hashes`; absent on families started before). */
function listedRefreshTokens(family: Record<string, unknown> | undefined): Array<Record<string, string>> {
  const hashes = family?.token_hashes instanceof Set ? [...(family.token_hashes as Set<string>)] : [];
  return hashes.map((hash) => keys.refreshSession(hash));
}

/**
 * Whether a sign-in is still live: its family item exists and has not ended. Strongly consistent, so a
 * request right after a sign-out, a password change or a deletion is refused (issue 34). One GetItem of a
 * few bytes (only `expiresAt` is read).
 */
export async function isSessionFamilyLive(userId: string, familyId: string, now: Date): Promise<boolean> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.sessionFamily(userId, familyId),
      ConsistentRead: true,
      ProjectionExpression: 'expiresAt',
    }),
  );
  return typeof out.Item?.expiresAt === 'number' && out.Item.expiresAt > expiresAt(now);
}

/**
 * Revokes one family by deleting its item (idempotent; every token of the family then fails), then the
 * token items it listed, which would otherwise keep the account's id until their TTL (issue 42).
 */
export async function revokeSessionFamily(userId: string, familyId: string): Promise<void> {
  const out = await db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.sessionFamily(userId, familyId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  await deleteAll(listedRefreshTokens(out.Attributes));
}

/**
 * Revokes every family of a user: one strongly consistent Query of the user's partition, then batch
 * deletes. Families started after the caller bumped passwordVersion cannot exist (startSessionFamily checks
 * it), so none is missed.
 */
export async function revokeAllSessionFamilies(userId: string, exceptFamilyId?: string): Promise<number> {
  const { PK, SKPrefix } = keys.sessionFamiliesOfUser(userId);
  let revoked = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix },
        ProjectionExpression: 'PK, SK, token_hashes',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    const keep = exceptFamilyId === undefined ? null : keys.sessionFamily(userId, exceptFamilyId).SK;
    const items = (page.Items ?? []).filter((item) => item.SK !== keep);
    // The tokens first: a deletion stopped half-way finds the families, and with them their tokens, again.
    await deleteAll(items.flatMap(listedRefreshTokens));
    await deleteAll(items.map((item) => ({ PK: item.PK, SK: item.SK })));
    revoked += items.length;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return revoked;
}
