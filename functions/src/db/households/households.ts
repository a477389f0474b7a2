/**
 * Households (issue 17): the guardians (accounts) and athletes of a family, in one partition
 * (`HOUSEHOLD#<id>`), read with one Query. An account that has never added an athlete has no items here: it
 * is a household of one, its own id the household's, its one athlete the account holder, whose details stay
 * on the profile (decision 41: a player is not the account). The first write makes the household real: the
 * household item, the account's guardian item and its `household_id`, in the same transaction as the write.
 */
import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Athlete } from '@club/shared';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';

/** An athlete a guardian added: the answer's fields, and who consented for them, when, to which notice. */
export interface AthleteItem extends Athlete {
  household_id: string;
  created_at: string;
  updated_at?: string;
  /** The guardian who gave spec §4's consent (an athlete under 18), when, and the notice's version. */
  consent_by?: string;
  consented_at?: string;
  consent_notice_version?: string;
}

export interface HouseholdItems {
  /** The guardians' account ids, first joined first (none for a household of one not yet made). */
  guardianIds: string[];
  athletes: AthleteItem[];
}

/** Every item of a household: its guardians and athletes (one strongly consistent Query, paged). */
export async function getHouseholdItems(householdId: string): Promise<HouseholdItems> {
  const found: HouseholdItems = { guardianIds: [], athletes: [] };
  const joined: Array<{ id: string; at: string }> = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.householdPartition(householdId).PK },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const sk = String(item.SK);
      if (sk.startsWith(keys.guardianSKPrefix))
        joined.push({ id: String(item.user_id), at: String(item.joined_at) });
      else if (sk.startsWith(keys.athleteSKPrefix)) found.athletes.push(toAthlete(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  found.athletes.sort((a, b) => a.created_at.localeCompare(b.created_at));
  found.guardianIds = joined
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
    .map((g) => g.id);
  return found;
}

function toAthlete(item: Record<string, unknown>): AthleteItem {
  const { PK: _pk, SK: _sk, type: _type, ...athlete } = item;
  return athlete as unknown as AthleteItem;
}

/**
 * A change of a household's athlete count (issue 34: a limit held by a condition on a counter, as tryout
 * numbers are, never by a read then a write). `base` is the count the caller read, used only by a household
 * that has no counter yet (one made before it, or not yet real); `add` may be negative; `max` is the limit
 * the count may not pass (absent when the change only lowers it).
 */
export interface AthleteCountChange {
  base: number;
  add: number;
  max?: number;
}

/** The household item's update clause, condition and values for an athlete count change. */
export const athleteCountUpdate = 'athlete_count = if_not_exists(athlete_count, :athleteBase) + :athleteAdd';
/** A household without a counter yet: the caller checked its `base` against the limit before writing. */
export const athleteRoomCondition = 'attribute_not_exists(athlete_count) OR athlete_count <= :athleteRoom';
export function athleteCountValues(change: AthleteCountChange): Record<string, number> {
  return {
    ':athleteBase': change.base,
    ':athleteAdd': change.add,
    // Room for the change: the count before it may be at most this.
    ':athleteRoom': (change.max ?? Number.MAX_SAFE_INTEGER) - Math.max(change.add, 0),
  };
}

/**
 * The writes that make an account's household real, or keep it as it is when it already is: the household
 * (counting its guardians), the guardian's membership, and the account's `household_id`, conditional on the
 * account being in no household or this one (it may have joined another meanwhile). Idempotent.
 */
function householdOf(userId: string, householdId: string, at: string, athletes?: AthleteCountChange) {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.household(householdId),
        UpdateExpression:
          'SET #type = :type, id = :id, created_at = if_not_exists(created_at, :at), ' +
          'guardian_count = if_not_exists(guardian_count, :one)' +
          (athletes ? `, ${athleteCountUpdate}` : ''),
        ...(athletes ? { ConditionExpression: athleteRoomCondition } : {}),
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'household',
          ':id': householdId,
          ':at': at,
          ':one': 1,
          ...(athletes ? athleteCountValues(athletes) : {}),
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.householdGuardian(householdId, userId),
        UpdateExpression: 'SET #type = :type, user_id = :uid, joined_at = if_not_exists(joined_at, :at)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'household-guardian', ':uid': userId, ':at': at },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET household_id = :hid',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(household_id) OR household_id = :hid)',
        ExpressionAttributeValues: { ':hid': householdId },
      },
    },
  ];
}

/** Makes an account's household real (an invitation needs one to join); 'moved' if it joined another. */
export async function ensureHousehold(input: {
  userId: string;
  householdId: string;
  now: Date;
}): Promise<'ready' | 'moved'> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: householdOf(input.userId, input.householdId, input.now.toISOString()),
      }),
    ),
  );
  if (!codes) return 'ready';
  if (codes[2] === 'ConditionalCheckFailed') return 'moved';
  throw new Error(`Making a household failed: ${codes.join(',')}`);
}

/**
 * Adds an athlete, making the household real if this is its first item, in one transaction. 'moved' when
 * the account joined another household meanwhile.
 */
export async function addAthlete(input: {
  userId: string;
  athlete: AthleteItem;
  now: Date;
  /** The household's athletes as the caller read them, and the most it may hold. */
  count: { base: number; max: number };
}): Promise<'added' | 'moved' | 'full'> {
  const { athlete, userId } = input;
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          ...householdOf(userId, athlete.household_id, input.now.toISOString(), {
            ...input.count,
            add: 1,
          }),
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.householdAthlete(athlete.household_id, athlete.id),
                type: 'household-athlete',
                ...athlete,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    ),
  );
  if (!codes) return 'added';
  if (codes[2] === 'ConditionalCheckFailed') return 'moved';
  if (codes[0] === 'ConditionalCheckFailed') return 'full';
  throw new Error(`Adding an athlete failed: ${codes.join(',')}`);
}

/** The fields of an athlete that change (a partial update); null when the athlete is not in the household. */
export async function updateAthlete(
  householdId: string,
  athleteId: string,
  fields: Partial<Omit<AthleteItem, 'id' | 'household_id' | 'created_at'>>,
): Promise<AthleteItem | null> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (!entries.length) return null;
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.householdAthlete(householdId, athleteId),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([key], i) => [`#f${i}`, key])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out ? toAthlete(out.Attributes!) : null;
}

/**
 * Removes an athlete and counts it out of its household, in one transaction; false when it was not in the
 * household (nothing changed). `base`: the household's athletes as the caller read them (see
 * AthleteCountChange).
 */
export async function deleteAthlete(householdId: string, athleteId: string, base: number): Promise<boolean> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.householdAthlete(householdId, athleteId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.household(householdId),
              UpdateExpression: `SET ${athleteCountUpdate}`,
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: {
                ':athleteBase': base,
                ':athleteAdd': -1,
              },
            },
          },
        ],
      }),
    ),
  );
  if (!codes) return true;
  if (codes.includes('ConditionalCheckFailed')) return false;
  throw new Error(`Removing an athlete failed: ${codes.join(',')}`);
}
