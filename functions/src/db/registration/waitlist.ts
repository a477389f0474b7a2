/**
 * Capacity and the waitlist (issue 45 §1, design-45 "W"). The season's counter (`SEASON#<id>` / `COUNTER`,
 * db/registration/tryout-numbers.ts) is the one place every decision about a spot is made: once a group has a
 * capacity it carries, per group, `taken` (numbered registrations not withdrawn, and spots held for waitlisted
 * families), `queued` (waitlisted families without a spot), the capacities, the waitlist's sequence, and `ver`,
 * which every change of those moves by one. Each change is one transaction conditioned on `ver` (or a relative
 * update that moves it), so two changes can never both act on the same state: two spots freed at once go to
 * two families, a lapse and a registration taking the spot have one outcome, and a batch never numbers past
 * the capacity.
 *
 * A waitlisted registration is `SEASON#<id>` / `WAITLIST#<player>`: the registration as written (`tryout`,
 * no number, nothing to pay), its place (`waitlist_seq`) and, once a spot is held for it, `spot_offered_until`
 * (ISO) and the hold's `spot_round`.
 */
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AgeGroup } from '@club/shared';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { cancellationCodes, unlessConditionFails } from '../platform/transactions';
import type { NewRegistration } from './registration-item';

/** The counter's capacity fields, as read (absent maps read as empty). */
export interface CapacityCounter {
  /** The numbering's counter (absent before the first number). */
  last: number | undefined;
  /** Absent before the first change of a capacity field. */
  ver: number | undefined;
  capacities: Partial<Record<AgeGroup, number>>;
  /** Groups with a capacity, now or before: the groups the counter keeps count of. */
  taken: Partial<Record<AgeGroup, number>>;
  queued: Partial<Record<AgeGroup, number>>;
  waitlist_seq: number;
}

/** A registration on its group's waitlist. */
export interface WaitlistItem {
  season_id: string;
  player_id: string;
  user_id: string;
  age_group: AgeGroup;
  /** The registration as the family made it: written again, numbered, when it takes a spot. */
  tryout: NewRegistration;
  waitlist_seq: number;
  waitlisted_at: string;
  spot_offered_at?: string;
  spot_offered_until?: string;
  spot_round?: number;
  /** The hold whose mail was claimed (sent once per round). */
  spot_mailed_round?: number;
}

export function toCapacityCounter(item: Record<string, unknown> | undefined): CapacityCounter {
  return {
    last: item?.last as number | undefined,
    ver: item?.ver as number | undefined,
    capacities: (item?.capacities as CapacityCounter['capacities'] | undefined) ?? {},
    taken: (item?.taken as CapacityCounter['taken'] | undefined) ?? {},
    queued: (item?.queued as CapacityCounter['queued'] | undefined) ?? {},
    waitlist_seq: (item?.waitlist_seq as number | undefined) ?? 0,
  };
}

/** Whether the counter keeps count of spots in a group (it has or had a capacity). */
export const tracks = (counter: CapacityCounter, group: AgeGroup): boolean =>
  counter.taken[group] !== undefined;

/** The condition that the counter's capacity fields are as read (`ver`), for a transaction's counter item. */
export function verCondition(counter: CapacityCounter): {
  expression: string;
  values: Record<string, number>;
} {
  return counter.ver === undefined
    ? { expression: 'attribute_not_exists(ver)', values: {} }
    : { expression: 'ver = :ver', values: { ':ver': counter.ver } };
}

export function toWaitlistItem(item: Record<string, unknown>): WaitlistItem {
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as unknown as WaitlistItem;
}

/** The counter, strongly consistent (every decision reads it first). */
export async function getCapacityCounter(seasonId: string): Promise<CapacityCounter> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.tryoutCounter(seasonId), ConsistentRead: true }),
  );
  return toCapacityCounter(out.Item);
}

/** A waitlist entry without the registration it holds: where it stands, what the decisions read. */
export type WaitlistPlace = Omit<WaitlistItem, 'tryout'>;

const PLACE_FIELDS = [
  'season_id',
  'player_id',
  'user_id',
  'age_group',
  'waitlist_seq',
  'waitlisted_at',
  'spot_offered_at',
  'spot_offered_until',
  'spot_round',
  'spot_mailed_round',
] as const;

/** The season's waitlist, every group, in order (strongly consistent; a season's waitlist is one page). */
export async function waitlistOf(seasonId: string): Promise<WaitlistItem[]> {
  return (await waitlistQuery(seasonId, false)) as WaitlistItem[];
}

/**
 * The season's waitlist in order, each entry without the registration it holds: a fraction of the bytes, so
 * a family's place is counted cheaply however long the waitlist grows.
 */
export async function waitlistPlacesOf(seasonId: string): Promise<WaitlistPlace[]> {
  return waitlistQuery(seasonId, true);
}

async function waitlistQuery(seasonId: string, placesOnly: boolean): Promise<WaitlistPlace[]> {
  const items: WaitlistPlace[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.waitlistOf(seasonId).PK,
          ':prefix': keys.waitlistOf(seasonId).SKPrefix,
        },
        ...(placesOnly
          ? {
              ProjectionExpression: PLACE_FIELDS.map((_, i) => `#p${i}`).join(', '),
              ExpressionAttributeNames: Object.fromEntries(PLACE_FIELDS.map((f, i) => [`#p${i}`, f])),
            }
          : {}),
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).map(toWaitlistItem));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.sort((a, b) => a.waitlist_seq - b.waitlist_seq);
}

/** The waitlist entries of these players (a household's athletes), strongly consistent. */
export async function waitlistEntriesOf(
  seasonId: string,
  playerIds: readonly string[],
): Promise<WaitlistItem[]> {
  if (!playerIds.length) return [];
  const out = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: [...new Set(playerIds)].map((p) => keys.waitlistEntry(seasonId, p)),
          ConsistentRead: true,
        },
      },
    }),
  );
  if (out.UnprocessedKeys?.[tableName()]?.Keys?.length) throw new Error('Waitlist could not be read');
  return (out.Responses?.[tableName()] ?? []).map(toWaitlistItem);
}

/** Whether a spot is held for the entry at `now`. */
export const holdsSpot = (entry: WaitlistPlace, now: Date): boolean =>
  entry.spot_offered_until !== undefined && entry.spot_offered_until > now.toISOString();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ATTEMPTS = 30;

/**
 * Holds the spots free in a group for the first waitlisted families without one, one transaction per spot:
 * the counter (condition: `ver` as read; taken + 1, queued − 1) and the entry (condition: no spot held yet).
 * Two callers freeing spots at once each see the other's hold and move on to the next family, so a family is
 * never offered twice and each free spot goes to one family. Answers the entries offered a spot.
 */
export async function offerFreeSpots(
  seasonId: string,
  group: AgeGroup,
  holdHours: number,
  now: Date,
): Promise<WaitlistPlace[]> {
  const offered: WaitlistPlace[] = [];
  for (let attempt = 0; attempt < ATTEMPTS;) {
    const [counter, waitlist] = await Promise.all([getCapacityCounter(seasonId), waitlistPlacesOf(seasonId)]);
    if (!tracks(counter, group)) return offered;
    const capacity = counter.capacities[group];
    const taken = counter.taken[group] ?? 0;
    if (capacity !== undefined && taken >= capacity) return offered;
    const next = waitlist.find((e) => e.age_group === group && e.spot_offered_until === undefined);
    if (!next) return offered;
    const until = new Date(now.getTime() + holdHours * 3_600_000).toISOString();
    const ver = verCondition(counter);
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.tryoutCounter(seasonId),
                UpdateExpression: 'SET taken.#g = :taken, queued.#g = :queued, ver = :next',
                ConditionExpression: ver.expression,
                ExpressionAttributeNames: { '#g': group },
                ExpressionAttributeValues: {
                  ...ver.values,
                  ':taken': taken + 1,
                  ':queued': Math.max(0, (counter.queued[group] ?? 0) - 1),
                  ':next': (counter.ver ?? 0) + 1,
                },
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: keys.waitlistEntry(seasonId, next.player_id),
                UpdateExpression:
                  'SET spot_offered_until = :until, spot_offered_at = :at, ' +
                  'spot_round = if_not_exists(spot_round, :zero) + :one',
                ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(spot_offered_until)',
                ExpressionAttributeValues: {
                  ':until': until,
                  ':at': now.toISOString(),
                  ':zero': 0,
                  ':one': 1,
                },
              },
            },
          ],
        }),
      );
      offered.push({
        ...next,
        spot_offered_until: until,
        spot_offered_at: now.toISOString(),
        spot_round: (next.spot_round ?? 0) + 1,
      });
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
      // Someone else changed the counter or held this family's spot first: read again.
      attempt += 1;
      await sleep(5 + Math.random() * 20);
    }
  }
  return offered;
}

/**
 * A hold that has lapsed ends: its entry goes (condition: the same hold, and lapsed at `now`), and its spot
 * is free again (taken − 1), in one transaction. A registration taking the spot deletes the same entry on the
 * condition that the hold has not lapsed, so exactly one of the two happens. True when this one did.
 */
export async function endLapsedHold(seasonId: string, entry: WaitlistPlace, now: Date): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.waitlistEntry(seasonId, entry.player_id),
              ConditionExpression: 'spot_offered_until = :until AND spot_offered_until <= :now',
              ExpressionAttributeValues: { ':until': entry.spot_offered_until, ':now': now.toISOString() },
            },
          },
          freeSpot(seasonId, entry.age_group, 'taken'),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (!cancellationCodes(error)) throw error;
    return false;
  }
}

/**
 * The family leaves the waitlist (it withdraws): the entry goes, as read (with its hold, or without one), and
 * the counter forgets it (a held spot is free again; a place in the queue is gone), in one transaction. The
 * entry as it was, or null when it is not on the waitlist (any more).
 */
export async function leaveWaitlist(seasonId: string, playerId: string): Promise<WaitlistItem | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const [[entry], counter] = await Promise.all([
      waitlistEntriesOf(seasonId, [playerId]),
      getCapacityCounter(seasonId),
    ]);
    if (!entry) return null;
    const held = entry.spot_offered_until !== undefined;
    // A group the counter no longer counts (a season's counter reset by hand): only `ver` moves.
    const counted = tracks(counter, entry.age_group);
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName(),
                Key: keys.waitlistEntry(seasonId, playerId),
                ConditionExpression: held
                  ? 'spot_offered_until = :until'
                  : 'attribute_not_exists(spot_offered_until)',
                ...(held ? { ExpressionAttributeValues: { ':until': entry.spot_offered_until } } : {}),
              },
            },
            counted
              ? freeSpot(seasonId, entry.age_group, held ? 'taken' : 'queued')
              : spotOfRegistration(seasonId, entry.age_group, false, -1),
          ],
        }),
      );
      return entry;
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
      await sleep(5 + Math.random() * 20);
    }
  }
  throw new Error('Waitlist entry could not be removed');
}

/** The counter's part of a spot coming free: one fewer taken (or queued), `ver` moved. */
export function freeSpot(seasonId: string, group: AgeGroup, field: 'taken' | 'queued') {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.tryoutCounter(seasonId),
      UpdateExpression: `SET #f.#g = #f.#g - :one, ver = if_not_exists(ver, :zero) + :one`,
      ConditionExpression: 'attribute_exists(#f.#g)',
      ExpressionAttributeNames: { '#f': field, '#g': group },
      ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
    },
  };
}

/**
 * The counter's part of a numbered registration leaving (withdrawn) or coming back (reinstated): in a group
 * the counter keeps count of, taken − 1 (or + 1); in any other, only `ver` moves, on the condition that the
 * group is still not counted, so a capacity set meanwhile (which counts the registrations under `ver`) never
 * misses it.
 */
export function spotOfRegistration(seasonId: string, group: AgeGroup, counted: boolean, change: 1 | -1) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.tryoutCounter(seasonId),
      UpdateExpression: counted
        ? 'SET taken.#g = taken.#g + :change, ver = if_not_exists(ver, :zero) + :one'
        : 'SET ver = if_not_exists(ver, :zero) + :one',
      ConditionExpression: counted ? 'attribute_exists(taken.#g)' : 'attribute_not_exists(taken.#g)',
      ExpressionAttributeNames: { '#g': group },
      ExpressionAttributeValues: { ':one': 1, ':zero': 0, ...(counted ? { ':change': change } : {}) },
    },
  };
}

/**
 * Claims the spot-offer mail of an entry's hold, once per hold (its round): the entry must still hold that
 * round's spot. The entry as claimed, or null (claimed already, lapsed and gone, or taken).
 */
export async function claimSpotMail(
  seasonId: string,
  playerId: string,
  round: number,
): Promise<WaitlistItem | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.waitlistEntry(seasonId, playerId),
        UpdateExpression: 'SET spot_mailed_round = :round',
        ConditionExpression:
          'spot_round = :round AND (attribute_not_exists(spot_mailed_round) OR spot_mailed_round < :round)',
        ExpressionAttributeValues: { ':round': round },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out ? toWaitlistItem(out.Attributes!) : null;
}

/** Gives a spot mail's claim back when it could not be sent, so the queue's next delivery sends it. */
export async function releaseSpotMail(seasonId: string, playerId: string, round: number): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.waitlistEntry(seasonId, playerId),
        UpdateExpression: 'REMOVE spot_mailed_round',
        ConditionExpression: 'spot_mailed_round = :round',
        ExpressionAttributeValues: { ':round': round },
      }),
    ),
  );
}

/** Every item of a prefix of the season's partition, strongly consistent (paged inside). */
async function partitionPrefix(
  seasonId: string,
  prefix: string,
  projection?: string,
): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.seasonPartition(seasonId).PK, ':prefix': prefix },
        ...(projection ? { ProjectionExpression: projection } : {}),
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * Counts a season's spots per group from its items, for a capacity being set (issue 45: a season that already
 * has registrations counts them): taken = numbered registrations not withdrawn + spots held for waitlisted
 * families (held, or being taken by a registration waiting for its number); queued = waitlisted families
 * without a spot. Read after the counter, so the counter's `ver` and `last`, written by every change of these,
 * make a count that raced a change fail its write and count again.
 */
export async function countSpots(
  seasonId: string,
  groups: readonly AgeGroup[],
): Promise<{ taken: Partial<Record<AgeGroup, number>>; queued: Partial<Record<AgeGroup, number>> }> {
  const [registrations, waitlist, waiting] = await Promise.all([
    partitionPrefix(seasonId, keys.tryoutSKPrefix, 'age_group, withdrawn'),
    waitlistPlacesOf(seasonId),
    partitionPrefix(seasonId, keys.waitingTryoutsOf(seasonId).SKPrefix),
  ]);
  const taken: Partial<Record<AgeGroup, number>> = Object.fromEntries(groups.map((g) => [g, 0]));
  const queued: Partial<Record<AgeGroup, number>> = Object.fromEntries(groups.map((g) => [g, 0]));
  const add = (counts: typeof taken, group: AgeGroup) => {
    if (counts[group] !== undefined) counts[group] += 1;
  };
  for (const r of registrations) if (r.withdrawn !== true) add(taken, r.age_group as AgeGroup);
  for (const e of waitlist) add(e.spot_offered_until === undefined ? queued : taken, e.age_group);
  for (const w of waiting) {
    if (w.holds_spot === true) add(taken, (w.tryout as NewRegistration).age_group);
  }
  return { taken, queued };
}
