/**
 * A household's guardians coming and going (issue 17): invitations stored by their token's hash, joining a
 * household with one (spent in the same transaction), and leaving one. The household's own items and its
 * athletes are db/households/households.ts.
 */
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { putListedToken } from '../accounts/one-time-tokens';
import { db, tableName } from '../platform/client';
import { athleteCountUpdate, athleteCountValues, athleteRoomCondition, type AthleteItem } from './households';
import { expiresAt, keys } from '../platform/keys';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';

/** An invitation to join a household as a guardian, stored by its token's hash until it expires. */
export interface InviteItem {
  household_id: string;
  invited_by: string;
  /** The invited address, normalised: only the account with it may accept. */
  email: string;
  expiresAt: number;
}

export function putInvite(
  tokenHash: string,
  invite: Omit<InviteItem, 'expiresAt'> & { expires: Date },
): Promise<boolean> {
  // Listed on the inviter's profile: their deletion deletes the invitation (it holds the invitee's address).
  return putListedToken({
    tokenHash,
    purpose: 'INVITE',
    userId: invite.invited_by,
    item: {
      type: 'household-invite',
      household_id: invite.household_id,
      invited_by: invite.invited_by,
      email: invite.email,
      expiresAt: expiresAt(invite.expires),
      // Listed under its household (issue 36: pending invitations, with Resend and Cancel).
      ...keys.householdInvitesIndex(invite.household_id),
      GSI1SK: new Date().toISOString(),
    },
  });
}

/** A household's pending invitation, as its guardians see it: the token's hash is its id. */
export interface PendingInvite {
  id: string;
  email: string;
  invited_by: string;
  sent_at: string;
  expiresAt: number;
}

/** The household's unexpired invitations, oldest first (GSI1: one Query). */
export async function listInvites(householdId: string, now: Date): Promise<PendingInvite[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.householdInvitesIndex(householdId).GSI1PK },
    }),
  );
  return (out.Items ?? [])
    .filter((item) => (item.expiresAt as number) > expiresAt(now))
    .map((item) => ({
      id: String(item.PK).replace(/^TOKEN#/, ''),
      email: item.email as string,
      invited_by: item.invited_by as string,
      sent_at: item.GSI1SK as string,
      expiresAt: item.expiresAt as number,
    }));
}

/** Cancels an invitation of this household (its link stops working); false when there is none. */
export async function deleteInvite(tokenHash: string, householdId: string): Promise<boolean> {
  const out = await unlessConditionFails(() =>
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.oneTimeToken(tokenHash, 'INVITE'),
        ConditionExpression: 'household_id = :h',
        ExpressionAttributeValues: { ':h': householdId },
      }),
    ),
  );
  return out !== null;
}

/** An unexpired invitation (strongly consistent), or null. */
export async function getInvite(tokenHash: string, now: Date): Promise<InviteItem | null> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.oneTimeToken(tokenHash, 'INVITE'),
      ConsistentRead: true,
    }),
  );
  const item = out.Item;
  if (!item || (item.expiresAt as number) <= expiresAt(now)) return null;
  return {
    household_id: item.household_id as string,
    invited_by: item.invited_by as string,
    email: item.email as string,
    expiresAt: item.expiresAt as number,
  };
}

/**
 * An account joins a household with an invitation, in one transaction: the invitation is spent (once), the
 * account becomes a guardian there, and leaves its old household: the last guardian of it brings its athletes
 * along and the old household goes; otherwise the old one keeps them, one guardian fewer. Conditions keep
 * every count exact under races; false when any failed (nothing changed).
 */
export async function joinHousehold(input: {
  userId: string;
  inviteHash: string;
  toHouseholdId: string;
  from: { householdId: string; isLast: boolean; athletes: readonly AthleteItem[] } | null;
  now: Date;
  /**
   * The athletes counted (issue 34: the limit held by the household's counter): the joined household's as
   * read (`base`), the most it may hold, and how many come with the account (its own athlete, and those of a
   * household it was the last guardian of); `fromBase`: the old household's as read.
   */
  athletes: { base: number; max: number; incoming: number; ownAthlete: boolean; fromBase: number };
}): Promise<'joined' | 'changed' | 'full'> {
  const { userId, toHouseholdId, from, now } = input;
  const at = now.toISOString();
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.oneTimeToken(input.inviteHash, 'INVITE'),
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :epoch',
        ExpressionAttributeValues: { ':epoch': expiresAt(now) },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.household(toHouseholdId),
        UpdateExpression: `ADD guardian_count :one SET ${athleteCountUpdate}`,
        ConditionExpression: `attribute_exists(PK) AND (${athleteRoomCondition})`,
        ExpressionAttributeValues: {
          ':one': 1,
          ...athleteCountValues({
            base: input.athletes.base,
            add: input.athletes.incoming,
            max: input.athletes.max,
          }),
        },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.householdGuardian(toHouseholdId, userId),
          type: 'household-guardian',
          user_id: userId,
          joined_at: at,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET household_id = :to',
        ConditionExpression: from
          ? 'attribute_exists(PK) AND household_id = :from'
          : 'attribute_exists(PK) AND attribute_not_exists(household_id)',
        ExpressionAttributeValues: { ':to': toHouseholdId, ...(from ? { ':from': from.householdId } : {}) },
      },
    },
  ];
  if (from) {
    items.push(
      {
        Delete: {
          TableName: tableName(),
          Key: keys.householdGuardian(from.householdId, userId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      from.isLast
        ? {
            Delete: {
              TableName: tableName(),
              Key: keys.household(from.householdId),
              ConditionExpression: 'guardian_count = :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          }
        : {
            Update: {
              TableName: tableName(),
              Key: keys.household(from.householdId),
              // The account's own athlete leaves with it.
              UpdateExpression: `ADD guardian_count :minus SET ${athleteCountUpdate}`,
              ConditionExpression: 'guardian_count > :one',
              ExpressionAttributeValues: {
                ':minus': -1,
                ':one': 1,
                ':athleteBase': input.athletes.fromBase,
                ':athleteAdd': input.athletes.ownAthlete ? -1 : 0,
              },
            },
          },
    );
    for (const athlete of from.isLast ? from.athletes : []) {
      items.push(
        {
          Delete: {
            TableName: tableName(),
            Key: keys.householdAthlete(from.householdId, athlete.id),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.householdAthlete(toHouseholdId, athlete.id),
              type: 'household-athlete',
              ...athlete,
              household_id: toHouseholdId,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      );
    }
  }
  const codes = await transactOrConditionCodes(() =>
    db().send(new TransactWriteCommand({ TransactItems: items })),
  );
  if (!codes) return 'joined';
  // The joined household's update failed with the rest in place: it exists, so it has no room left.
  if (
    codes[1] === 'ConditionalCheckFailed' &&
    codes.filter((c) => c === 'ConditionalCheckFailed').length === 1
  )
    return 'full';
  if (codes.includes('ConditionalCheckFailed')) return 'changed';
  throw new Error(`Joining a household failed: ${codes.join(',')}`);
}

/**
 * A guardian leaves a household: one guardian fewer (never the last: the condition keeps at least one), the
 * membership gone, and the account a household of one again. 'last' when it is the last guardian, 'moved'
 * when it is not this household's guardian any more.
 */
export async function leaveHousehold(
  userId: string,
  householdId: string,
  /** The household's athletes as read, and whether the account's own athlete leaves with it. */
  athletes: { base: number; ownAthlete: boolean },
): Promise<'left' | 'last' | 'moved'> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.household(householdId),
              UpdateExpression: `ADD guardian_count :minus SET ${athleteCountUpdate}`,
              ConditionExpression: 'guardian_count > :one',
              ExpressionAttributeValues: {
                ':minus': -1,
                ':one': 1,
                ':athleteBase': athletes.base,
                ':athleteAdd': athletes.ownAthlete ? -1 : 0,
              },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.householdGuardian(householdId, userId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.user(userId),
              UpdateExpression: 'REMOVE household_id',
              ConditionExpression: 'household_id = :hid',
              ExpressionAttributeValues: { ':hid': householdId },
            },
          },
        ],
      }),
    ),
  );
  if (!codes) return 'left';
  if (codes[0] === 'ConditionalCheckFailed') return 'last';
  if (codes.includes('ConditionalCheckFailed')) return 'moved';
  throw new Error(`Leaving a household failed: ${codes.join(',')}`);
}
