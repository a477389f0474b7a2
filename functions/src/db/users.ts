/** User profile items and the e-mail claims that make e-mail addresses unique. */
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EmergencyContactRelationship } from '@club/shared';
import { db, tableName } from './client';
import { expiresAt, keys } from './keys';
import { transactOrConditionCodes, unlessConditionFails } from './transactions';

export interface UserItem {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  // A player's account only (account_type absent or 'player'): the athlete it is.
  date_of_birth?: string;
  emergency_contact_name?: string;
  emergency_contact_phone?: string;
  emergency_contact_email?: string;
  emergency_contact_relationship?: EmergencyContactRelationship;
  /** True when a parent or guardian consented for a registrant under 18. */
  parent_consent: boolean;
  /** When the registrant (or their parent) consented, and to which version of the privacy notice. */
  consentedAt: string;
  consentNoticeVersion: string;
  is_admin: boolean;
  createdAt: string;
  verifiedAt?: string;
  /** argon2id encoded hash; never leaves the services layer. */
  passwordHash: string;
  /** Goes up at every password change: sessions and reset links made before a change stop working. */
  passwordVersion: number;
  /**
   * The household the account is a guardian of (db/households.ts), once it has one of its own items; an
   * account without one is a household of one, itself, whose one athlete is the account holder.
   */
  household_id?: string;
  /**
   * 'guardian': an account for a parent or guardian, not itself an athlete (no birth date or emergency
   * contact of its own). Absent: a player's account (the spec's sign-up), its own first athlete.
   */
  account_type?: 'player' | 'guardian';
  /** A new address asked for on the account page, until its link is followed (issue 18). */
  pendingEmail?: string;
  /** Its link's token hash, so deleting the account deletes the pending link (and the address it holds). */
  pendingEmailTokenHash?: string;
  /** The latest sign-in (issue 19: an account unused for the retention period is deleted). */
  last_sign_in_at?: string;
  /** When the account was told it would be deleted for disuse; a sign-in removes it. */
  retention_notice_at?: string;
}

/**
 * Writes the e-mail claim and the user together in one transaction; the claim's condition makes e-mail
 * addresses unique however many sign-ups race (exactly one wins). Returns false when the e-mail is taken.
 */
export async function createUserClaimingEmail(user: UserItem): Promise<boolean> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.emailClaim(user.email), type: 'email-claim', userId: user.id },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.user(user.id), ...keys.accountsIndex(user.createdAt), type: 'user', ...user },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    ),
  );
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`Sign-up transaction failed: ${codes.join(',')}`);
}

/** Stands in for the profile read of an unknown e-mail; no user has this id. */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Reads a user by e-mail: the claim, then the profile (two strongly consistent GetItems). An unknown
 * e-mail costs the same two reads, so response times do not tell known and unknown e-mails apart.
 */
export async function getUserByEmail(email: string): Promise<UserItem | null> {
  const claim = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.emailClaim(email), ConsistentRead: true }),
  );
  const userId = claim.Item?.userId as string | undefined;
  const user = await getUser(userId ?? NO_USER_ID);
  return userId ? user : null;
}

/** Reads one user profile (strongly consistent, so a just-changed password or flag is seen). */
export async function getUser(userId: string): Promise<UserItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true }),
  );
  if (!out.Item) return null;
  const { PK: _pk, SK: _sk, GSI1PK: _gsiPk, GSI1SK: _gsiSk, type: _type, ...user } = out.Item;
  return user as UserItem;
}

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

/** Sets the administrator flag; the wrapper re-reads it on every admin request, so it takes effect at once. */
export async function setAdminFlag(userId: string, isAdmin: boolean): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: 'SET is_admin = :a',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':a': isAdmin },
    }),
  );
}

/** Marks the e-mail verified once (an idempotent conditional update: the first time is kept). */
export async function markEmailVerified(userId: string, at: Date): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET verifiedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(verifiedAt)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    ),
  );
}

/** VERIFY: a new account's address; RESET: a forgotten password; EMAIL: a change of address (issue 18). */
export type OneTimePurpose = 'VERIFY' | 'RESET' | 'EMAIL';

export interface OneTimeTokenItem {
  userId: string;
  /** The password version the token was issued under; a reset link dies when the password changes. */
  passwordVersion: number;
  expiresAt: number;
  /** EMAIL: the new address the link confirms. */
  email?: string;
}

/** Stores a one-time token by its hash with a TTL; a fresh random hash never collides, so a plain Put. */
export async function putOneTimeToken(
  tokenHash: string,
  purpose: OneTimePurpose,
  item: { userId: string; passwordVersion: number; expires: Date; email?: string },
): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.oneTimeToken(tokenHash, purpose),
        type: 'one-time-token',
        userId: item.userId,
        passwordVersion: item.passwordVersion,
        expiresAt: expiresAt(item.expires),
        ...(item.email ? { email: item.email } : {}),
      },
    }),
  );
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
): Promise<{ outcome: 'spent' | 'used-before'; userId: string } | null> {
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
  if (out) return { outcome: 'spent', userId: out.Attributes!.userId as string };
  const old = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.oneTimeToken(tokenHash, 'VERIFY'),
      ConsistentRead: true,
    }),
  );
  const item = old.Item;
  if (item?.usedAt && typeof item.userId === 'string') return { outcome: 'used-before', userId: item.userId };
  return null;
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
          {
            Delete: {
              TableName: tableName(),
              Key: keys.oneTimeToken(input.tokenHash, 'RESET'),
              ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now AND userId = :u',
              ExpressionAttributeValues: { ':now': expiresAt(input.now), ':u': input.userId },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.user(input.userId),
              UpdateExpression:
                'SET passwordHash = :h, passwordVersion = :next, verifiedAt = if_not_exists(verifiedAt, :at)',
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

/** The athlete fields an account holder's own athlete keeps on the profile (households, issue 17). */
export type OwnAthleteFields = Partial<
  Pick<
    UserItem,
    | 'first_name'
    | 'last_name'
    | 'date_of_birth'
    | 'emergency_contact_name'
    | 'emergency_contact_phone'
    | 'emergency_contact_email'
    | 'emergency_contact_relationship'
    | 'parent_consent'
    | 'consentedAt'
    | 'consentNoticeVersion'
  >
>;

/** Changes the account holder's own athlete details on the profile; null when the account is gone. */
export function updateOwnAthlete(userId: string, fields: OwnAthleteFields): Promise<UserItem | null> {
  return setProfileFields(userId, fields);
}

/** What the account page changes on the profile (issue 18). */
export type AccountFields = Partial<
  Pick<UserItem, 'first_name' | 'last_name' | 'phone_number' | 'pendingEmail' | 'pendingEmailTokenHash'>
>;

/** Changes the account's own name, phone or pending address; null when the account is gone. */
export function updateAccountFields(userId: string, fields: AccountFields): Promise<UserItem | null> {
  return setProfileFields(userId, fields);
}

async function setProfileFields(userId: string, fields: Record<string, unknown>): Promise<UserItem | null> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (!entries.length) return getUser(userId);
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([key], i) => [`#f${i}`, key])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (!out) return null;
  const { PK: _pk, SK: _sk, type: _type, ...user } = out.Attributes!;
  return user as UserItem;
}

/** A player's account (not a guardian's): the account holder is an athlete, its details on the profile. */
export type PlayerAccount = UserItem &
  Required<
    Pick<
      UserItem,
      | 'date_of_birth'
      | 'emergency_contact_name'
      | 'emergency_contact_phone'
      | 'emergency_contact_email'
      | 'emergency_contact_relationship'
    >
  >;

export function isPlayerAccount(user: UserItem): user is PlayerAccount {
  return user.account_type !== 'guardian' && typeof user.date_of_birth === 'string';
}

/**
 * Sets a new password while signed in (issue 18), only if the password has not changed since the caller
 * checked the current one (two changes racing: one wins). False when it had.
 */
export async function changePassword(input: {
  userId: string;
  passwordVersion: number;
  passwordHash: string;
}): Promise<boolean> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(input.userId),
        UpdateExpression: 'SET passwordHash = :h, passwordVersion = :next',
        ConditionExpression: 'attribute_exists(PK) AND passwordVersion = :v',
        ExpressionAttributeValues: {
          ':h': input.passwordHash,
          ':v': input.passwordVersion,
          ':next': input.passwordVersion + 1,
        },
      }),
    ),
  );
  return out !== null;
}

/**
 * Moves an account to a new address in one transaction (issue 18): the link's token is spent, the old
 * address's claim let go, the new one claimed (unless another account holds it) and the profile changed,
 * only while the profile still has the old address. 'taken' when another account holds the new address,
 * 'invalid' when the token or the account moved on.
 */
export async function moveEmail(input: {
  tokenHash: string;
  userId: string;
  from: string;
  to: string;
  now: Date;
}): Promise<'moved' | 'taken' | 'invalid'> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.oneTimeToken(input.tokenHash, 'EMAIL'),
              ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now AND userId = :u',
              ExpressionAttributeValues: { ':now': expiresAt(input.now), ':u': input.userId },
            },
          },
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
              ConditionExpression: 'attribute_exists(PK) AND email = :from',
              ExpressionAttributeValues: {
                ':to': input.to,
                ':from': input.from,
                ':at': input.now.toISOString(),
              },
            },
          },
        ],
      }),
    ),
  );
  if (codes === null) return 'moved';
  if (codes[2] === 'ConditionalCheckFailed') return 'taken';
  return 'invalid';
}
