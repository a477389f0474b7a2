/**
 * One-time links (a new account's verification, a forgotten password, a change of address): each token is
 * stored by its hash with a TTL, and spending one is a conditional write, so a link works once. Spending a
 * reset or change-of-address link changes the profile in the same transaction.
 */
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { expiresAt, keys } from '../platform/keys';
import { markerPut, type Marker } from '../platform/exactly-once';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';
/**
 * VERIFY: a new account's address; RESET: a forgotten password; EMAIL: a change of address (issue 18);
 * SIGNIN: the code mailed to an account whose sign-ins were limited (issue 34).
 */
export type OneTimePurpose = 'VERIFY' | 'RESET' | 'EMAIL' | 'SIGNIN';

export interface OneTimeTokenItem {
  userId: string;
  /** The password version the token was issued under; a reset link dies when the password changes. */
  passwordVersion: number;
  expiresAt: number;
  /** EMAIL: the new address the link confirms. */
  email?: string;
}

/**
 * The transaction step that lists a token on its account's profile (`token_keys`), so deleting the account
 * finds and deletes every link it was sent, and every invitation it sent, before their TTL (issue 34). Only
 * while the account exists: a token is never left pointing at a deleted one.
 */
export function listTokenOnProfile(userId: string, tokenHash: string, purpose: OneTimePurpose | 'INVITE') {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: 'ADD token_keys :k',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleting_since)',
      ExpressionAttributeValues: { ':k': new Set([`${purpose}#${tokenHash}`]) },
    },
  };
}

/** The keys of the tokens a profile lists (`token_keys`: "PURPOSE#hash"). */
export function listedTokenKeys(profile: Record<string, unknown>): Array<Record<string, string>> {
  const listed = profile.token_keys instanceof Set ? [...(profile.token_keys as Set<string>)] : [];
  return listed.flatMap((entry) => {
    const [purpose, hash] = entry.split('#') as [string, string | undefined];
    if (!hash || !['VERIFY', 'RESET', 'EMAIL', 'INVITE', 'SIGNIN'].includes(purpose)) return [];
    return [keys.oneTimeToken(hash, purpose as OneTimePurpose | 'INVITE')];
  });
}

/**
 * Puts a token's item (keyed by its hash) and lists it on `userId`'s profile in one transaction: the one way
 * a link or an invitation is stored, so an account's deletion finds every one (issue 34). False when the
 * account is gone or being deleted (nothing written); a fresh random hash never collides.
 */
export async function putListedToken(input: {
  tokenHash: string;
  purpose: OneTimePurpose | 'INVITE';
  userId: string;
  item: Record<string, unknown>;
}): Promise<boolean> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.oneTimeToken(input.tokenHash, input.purpose), ...input.item },
            },
          },
          listTokenOnProfile(input.userId, input.tokenHash, input.purpose),
        ],
      }),
    ),
  );
  return codes === null;
}

/** Stores a one-time token by its hash with a TTL, listed on its account's profile (putListedToken). */
export function putOneTimeToken(
  tokenHash: string,
  purpose: OneTimePurpose,
  item: { userId: string; passwordVersion: number; expires: Date; email?: string; returnTo?: string },
): Promise<boolean> {
  return putListedToken({
    tokenHash,
    purpose,
    userId: item.userId,
    item: {
      type: 'one-time-token',
      userId: item.userId,
      passwordVersion: item.passwordVersion,
      expiresAt: expiresAt(item.expires),
      ...(item.email ? { email: item.email } : {}),
      ...(item.returnTo ? { return_to: item.returnTo } : {}),
    },
  });
}

/**
 * Spends a sign-in code (issue 34): deleted only while it exists unexpired, for this account and under its
 * password version, so a code works once, and not after the password changed. False otherwise.
 */
export async function spendSignInCode(input: {
  tokenHash: string;
  userId: string;
  passwordVersion: number;
  now: Date;
}): Promise<boolean> {
  const out = await unlessConditionFails(() =>
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.oneTimeToken(input.tokenHash, 'SIGNIN'),
        ConditionExpression:
          'attribute_exists(PK) AND expiresAt > :now AND userId = :u AND passwordVersion = :v',
        ExpressionAttributeValues: {
          ':now': expiresAt(input.now),
          ':u': input.userId,
          ':v': input.passwordVersion,
        },
      }),
    ),
  );
  return out !== null;
}

/** Deletes a one-time token (idempotent): a superseded link's item goes at once rather than at its TTL. */
export async function deleteOneTimeToken(tokenHash: string, purpose: OneTimePurpose): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.oneTimeToken(tokenHash, purpose) }));
}

/** Reads an unexpired one-time token without spending it (strongly consistent). */
export async function getOneTimeToken(
  tokenHash: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<OneTimeTokenItem | null> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.oneTimeToken(tokenHash, purpose),
      ConsistentRead: true,
    }),
  );
  const item = out.Item;
  if (!item || (item.expiresAt as number) <= expiresAt(now)) return null;
  return {
    userId: item.userId as string,
    passwordVersion: item.passwordVersion as number,
    expiresAt: item.expiresAt as number,
    ...(typeof item.email === 'string' ? { email: item.email } : {}),
  };
}

/**
 * Marks an unexpired verification token used (a conditional update, so of two concurrent clicks exactly one
 * spends it) and keeps the item until its TTL, so a later click on the same link can be told apart from an
 * unknown one. 'spent' for the click that used it, 'used-before' for any later one, null otherwise.
 */
export async function spendVerifyToken(
  tokenHash: string,
  now: Date,
): Promise<{ outcome: 'spent' | 'used-before'; userId: string; returnTo?: string } | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.oneTimeToken(tokenHash, 'VERIFY'),
        UpdateExpression: 'SET usedAt = :now',
        // TTL deletion is lazy, so expiry is checked here too.
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :epoch AND attribute_not_exists(usedAt)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':epoch': expiresAt(now) },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  const returnTo = (item: Record<string, unknown>) =>
    typeof item.return_to === 'string' ? { returnTo: item.return_to } : {};
  if (out)
    return { outcome: 'spent', userId: out.Attributes!.userId as string, ...returnTo(out.Attributes!) };
  const old = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.oneTimeToken(tokenHash, 'VERIFY'),
      ConsistentRead: true,
    }),
  );
  const item = old.Item;
  if (item?.usedAt && typeof item.userId === 'string')
    return { outcome: 'used-before', userId: item.userId, ...returnTo(item) };
  return null;
}

/**
 * The transaction step that spends a link's token: deleted only while it exists, is unexpired (TTL deletion
 * is lazy) and was issued to this account, so of two requests with one link exactly one gets through.
 */
function spendToken(tokenHash: string, purpose: OneTimePurpose, userId: string, now: Date) {
  return {
    Delete: {
      TableName: tableName(),
      Key: keys.oneTimeToken(tokenHash, purpose),
      ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now AND userId = :u',
      ExpressionAttributeValues: { ':now': expiresAt(now), ':u': userId },
    },
  };
}

/**
 * Spends a reset token and sets the new password in one transaction: the token must be unused and
 * unexpired, and the password unchanged since the token was issued, so two resets racing with two links
 * cannot both win and a link issued before a change is dead. Also marks the e-mail verified (the reset
 * link proved the owner reads it). Returns false when any condition fails.
 */
export async function resetPasswordWithToken(input: {
  tokenHash: string;
  userId: string;
  passwordVersion: number;
  passwordHash: string;
  now: Date;
}): Promise<boolean> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          spendToken(input.tokenHash, 'RESET', input.userId, input.now),
          {
            Update: {
              TableName: tableName(),
              Key: keys.user(input.userId),
              UpdateExpression:
                'SET passwordHash = :h, passwordVersion = :next, verifiedAt = if_not_exists(verifiedAt, :at) ' +
                // A pending change of address dies with the old password (issue 34).
                'REMOVE pendingEmail, pendingEmailTokenHash',
              ConditionExpression: 'attribute_exists(PK) AND passwordVersion = :v',
              ExpressionAttributeValues: {
                ':h': input.passwordHash,
                ':v': input.passwordVersion,
                ':next': input.passwordVersion + 1,
                ':at': input.now.toISOString(),
              },
            },
          },
        ],
      }),
    ),
  );
  return codes === null;
}

/**
 * Moves an account to a new address in one transaction (issue 18): the link's token is spent, the old
 * address's claim let go, the new one claimed (unless another account holds it) and the profile changed,
 * only while the profile still has the old address, the link is the account's current pending one and the
 * password is the one it was issued under (issue 34: a password change, a reset or a newer request kills
 * every earlier link). 'taken' when another account holds the new address, 'invalid' when the token or the
 * account moved on.
 */
export async function moveEmail(input: {
  tokenHash: string;
  userId: string;
  passwordVersion: number;
  from: string;
  to: string;
  now: Date;
}): Promise<'moved' | 'taken' | 'invalid'> {
  // A click that read the profile after another click moved it: nothing to move (and one transaction
  // cannot both delete and put the same address's claim).
  if (input.from === input.to) return 'invalid';
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          // The link's marker, in the move's transaction (db/platform/exactly-once.ts): of ten clicks at once one
          // moves the account, and every click, then or later, can tell the move was made.
          { Put: markerPut(emailChangeMarker(input.tokenHash), input.now) },
          spendToken(input.tokenHash, 'EMAIL', input.userId, input.now),
          {
            Delete: {
              TableName: tableName(),
              Key: keys.emailClaim(input.from),
              ConditionExpression: 'userId = :u',
              ExpressionAttributeValues: { ':u': input.userId },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.emailClaim(input.to), type: 'email-claim', userId: input.userId },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.user(input.userId),
              UpdateExpression:
                'SET email = :to, verifiedAt = if_not_exists(verifiedAt, :at) REMOVE pendingEmail, pendingEmailTokenHash',
              ConditionExpression:
                'attribute_exists(PK) AND email = :from AND passwordVersion = :v AND pendingEmailTokenHash = :th',
              ExpressionAttributeValues: {
                ':to': input.to,
                ':from': input.from,
                ':v': input.passwordVersion,
                ':th': input.tokenHash,
                ':at': input.now.toISOString(),
              },
            },
          },
        ],
      }),
    ),
  );
  if (codes === null) return 'moved';
  if (codes[3] === 'ConditionalCheckFailed') return 'taken';
  return 'invalid';
}

/** The marker a followed change-of-address link leaves (keyed by the token's hash, never the address). */
export function emailChangeMarker(tokenHash: string): Marker {
  return { scope: 'email-change', id: tokenHash };
}
