/** User profile items and the e-mail claims that make e-mail addresses unique. */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Division, EmergencyContactRelationship } from '@club/shared';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';

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
  /** Which teams the player plays on (issue 36); absent until said. */
  division?: Division;
  /** The player's medical notes (issue 36); absent when none. */
  medical_notes?: string;
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
   * The household the account is a guardian of (db/households/households.ts), once it has one of its own items; an
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
  /**
   * The family calendar link's secret version (issue 42): "Reset calendar link" moves it on, and every
   * household link given before stops serving. Absent reads as 0.
   */
  calendar_version?: number;
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

/**
 * Moves the account's calendar secret on (issue 42): one atomic ADD, so resets racing each end every earlier
 * link. The account as written, or null when it is gone.
 */
export async function renewCalendarVersion(userId: string): Promise<UserItem | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'ADD calendar_version :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (!out) return null;
  const { PK: _pk, SK: _sk, type: _type, ...user } = out.Attributes!;
  return user as UserItem;
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
    | 'division'
    | 'medical_notes'
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
 * checked the current one (two changes racing: one wins). False when it had. A pending change of address is
 * dropped with it: its link names the old password version and is dead from now on (issue 34).
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
        UpdateExpression:
          'SET passwordHash = :h, passwordVersion = :next REMOVE pendingEmail, pendingEmailTokenHash',
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
 * The club's administrators' addresses and first names (issue 45: the offers' daily summary): one Query of
 * the accounts index, kept to administrators. Run once a day; a club's accounts are thousands at most.
 */
export async function administrators(): Promise<Array<{ id: string; email: string; first_name: string }>> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'is_admin = :true',
    ProjectionExpression: 'id, email, first_name',
    ExpressionAttributeValues: { ':pk': keys.accountsIndexPartition, ':true': true },
  });
  return items.map((item) => ({
    id: item.id as string,
    email: item.email as string,
    first_name: item.first_name as string,
  }));
}
