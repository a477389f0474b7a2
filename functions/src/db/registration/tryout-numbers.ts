/**
 * Tryout numbers (docs/decisions/0067-numbers-given-in-batches.md). A registration is written at once, as a
 * waiting item (`PENDING#<player>` in the season's partition), and numbered moments later in a batch: one
 * transaction moves the season's counter from n to n+k and turns k waiting items into registrations numbered
 * n+1..n+k. So numbers are unique, never reused and gap-free among the registrations that exist, a registration
 * exists whole or not at all, and a burst costs one counter write per batch, not one per registration.
 *
 * Nobody waits on a line: every request that wrote waiting items numbers whatever is waiting (its own and
 * anyone's) until its own are numbered, so each attempt either numbers a batch or finds that someone else
 * did. A request that dies leaves its items waiting for the next registration or the minute's sweep
 * (`numberWaiting`) to number. A player has at most one of a waiting item and a registration at any time: the
 * waiting item is written only while neither exists, and the batch swaps one for the other.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { endTurn, renewTurn, takeTurn, TURN_MS } from './numbering-turn';
import { toRegistration, type NewRegistration, type RegistrationItem } from './registration-item';
import { toCapacityCounter, toWaitlistItem, tracks, verCondition, type WaitlistItem } from './waitlist';

export type InsertOutcome =
  /**
   * Every player decided: numbered (`tryouts`), or, its group full, on the waitlist (`waitlisted`, issue 45),
   * each in the order given.
   */
  | { outcome: 'created'; tryouts: RegistrationItem[]; waitlisted: WaitlistItem[] }
  | { outcome: 'already-registered'; player_id: string }
  /** On its group's waitlist already, with no spot held (issue 45): registering waits for a spot. */
  | { outcome: 'waitlisted-already'; player_id: string }
  /** Its spot's hold ended (it passed to the next family) before this registration could take it. */
  | { outcome: 'hold-ended'; player_id: string }
  | { outcome: 'closed' | 'season-changed' }
  /** Written and waiting, not numbered by `giveUpAt`: the next registration or the sweep numbers them. */
  | { outcome: 'waiting' };

/** What a registration was checked against: the season must still count its age groups from this year. */
export interface SeasonAsChecked {
  readonly reference_year: number;
  /**
   * A season that has (or had) a capacity (issue 45): no player may be on its waitlist, except those taking
   * the spot held for them (by player id), whose hold must not have lapsed at `now`.
   */
  readonly waitlist?: { readonly takingSpots: ReadonlySet<string>; readonly now: Date };
}

/** A numbered registration or, its group full, a waitlisted one: what a batch decided for each. */
export type Decided = { numbered: RegistrationItem } | { waitlisted: WaitlistItem };

/**
 * Registrations numbered per transaction: two items each (the registration put, its waiting item deleted)
 * and the counter, within DynamoDB's 100 items per transaction.
 */
export const BATCH_SIZE = 49;
/** A failed attempt (someone else's batch went first) waits a moment before looking again. */
const RETRY_JITTER_MS = 15;
/**
 * How long a request waits for someone else's batch before looking at its own registrations again, doubling
 * to MAX_PAUSE_MS: a batch takes tens of milliseconds, so a registration looks a few times at most, however
 * many are waiting.
 */
const FIRST_PAUSE_MS = 50;
const MAX_PAUSE_MS = 500;
/** How long a holder whose own are numbered keeps numbering a line of full batches for the others. */
const SERVE_MS = 1_000;

const CONDITION_FAILED = 'ConditionalCheckFailed';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Registers players together (a household's children, or one player) and answers them numbered, in the
 * order given. One transaction writes them all as waiting, or none: the season must still be open and count
 * its age groups from the year the players were checked against (a change of year meanwhile answers
 * 'season-changed'), and no player may be registered or waiting already ('already-registered' names the
 * first). Then it numbers batches until its own are numbered, or `giveUpAt` (epoch ms) passes.
 */
export async function insertRegistrations(
  tryouts: readonly NewRegistration[],
  season: SeasonAsChecked,
  giveUpAt: number,
  /**
   * Run once they are written, before they are numbered: what must follow them even if this request dies
   * now (their confirmation, which waits for the numbers).
   */
  onWritten: () => Promise<void> = async () => {},
): Promise<InsertOutcome> {
  const seasonId = tryouts[0]!.season_id;
  const refused = await writeWaiting(tryouts, season);
  if (!refused) await onWritten();
  if (!refused)
    return numbered(
      seasonId,
      tryouts.map((t) => t.player_id),
      giveUpAt,
    );
  // Its earlier attempt (a timeout, a crash, a double tap) is written and waiting: numbered before the
  // answer, so the registration the family is told it has is on its dashboard.
  if (refused.outcome.outcome === 'already-registered' && refused.waiting) {
    // Its confirmation too, in case the earlier attempt died before queueing it (sent once by its claim).
    await onWritten();
    await numbered(seasonId, [refused.outcome.player_id], giveUpAt);
  }
  return refused.outcome;
}

/**
 * Numbers batches while this request holds the season's turn, else waits for the holder's batches, until the
 * players' registrations are numbered (answered in the order given) or `giveUpAt` passes.
 */
async function numbered(seasonId: string, playerIds: string[], giveUpAt: number): Promise<InsertOutcome> {
  const mine = new Map(playerIds.map((p) => [p, undefined as Decided | undefined]));
  const missing = () => [...mine].filter(([, t]) => !t).map(([playerId]) => playerId);
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    const turn = await takeTurn(seasonId);
    if (turn) {
      try {
        await drain(seasonId, mine, turn, giveUpAt);
      } finally {
        await endTurn(seasonId, turn);
      }
    } else {
      // Someone is numbering: ours are likely in its next batch.
      await sleep(pause * (0.75 + 0.5 * Math.random()));
    }
    if (missing().length) {
      for (const d of await decidedOf(seasonId, missing())) mine.set(playerOf(d), d);
    }
    if (!missing().length) {
      const decided = playerIds.map((p) => mine.get(p)!);
      return {
        outcome: 'created',
        tryouts: decided.flatMap((d) => ('numbered' in d ? [d.numbered] : [])),
        waitlisted: decided.flatMap((d) => ('waitlisted' in d ? [d.waitlisted] : [])),
      };
    }
    if (Date.now() >= giveUpAt) return { outcome: 'waiting' };
  }
}

/**
 * Numbers batches while this request holds the turn: until its own registrations are numbered and a batch
 * comes back short of full (nothing more was waiting). While full batches keep coming (a line), it serves
 * them a little longer (SERVE_MS), so the line never waits for a turn to change hands. The turn is renewed
 * before a batch starts in its second half, so a live holder never outlasts it.
 */
async function drain(
  seasonId: string,
  mine: Map<string, Decided | undefined>,
  holder: string,
  giveUpAt: number,
): Promise<void> {
  let renewAt = Date.now() + TURN_MS / 2;
  let serveUntil: number | undefined;
  while (Date.now() < giveUpAt) {
    if (Date.now() >= renewAt) {
      if (!(await renewTurn(seasonId, holder))) return;
      renewAt = Date.now() + TURN_MS / 2;
    }
    const batch = await decideBatch(seasonId);
    if (batch === null) {
      // A sweep or a turn that outlived its time went first: look again in a moment.
      await sleep(Math.random() * RETRY_JITTER_MS);
      continue;
    }
    for (const d of batch) if (mine.has(playerOf(d))) mine.set(playerOf(d), d);
    const ownDone = [...mine.values()].every(Boolean);
    if (!batch.length || (ownDone && batch.length < BATCH_SIZE)) return;
    if (ownDone) {
      serveUntil ??= Date.now() + SERVE_MS;
      if (Date.now() >= serveUntil) return;
    }
  }
}

/** A refusal of the waiting write; `waiting` when a player's earlier attempt is the one waiting. */
interface Refusal {
  outcome: InsertOutcome;
  waiting?: boolean;
}

async function writeWaiting(
  tryouts: readonly NewRegistration[],
  season: SeasonAsChecked,
): Promise<Refusal | undefined> {
  const seasonId = tryouts[0]!.season_id;
  const waitlist = season.waitlist;
  // Per player: the check that it has no registration, the waiting item's put, and in a season with a
  // capacity (issue 45) its waitlist entry: none, or the spot held for it, taken (deleted while still held).
  const stride = waitlist ? 3 : 2;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.season(seasonId),
              ConditionExpression: 'is_registration_open = :open AND reference_year = :year',
              ExpressionAttributeValues: { ':open': true, ':year': season.reference_year },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          ...tryouts.flatMap((tryout, position) => {
            const takesSpot = waitlist?.takingSpots.has(tryout.player_id) === true;
            return [
              {
                ConditionCheck: {
                  TableName: tableName(),
                  Key: keys.tryout(seasonId, tryout.player_id),
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              {
                Put: {
                  TableName: tableName(),
                  // `position`: the family's order, which its children's numbers follow. `holds_spot`: its
                  // spot is counted already (taken when it was held), so its batch numbers it as it is.
                  Item: {
                    ...keys.waitingTryout(seasonId, tryout.player_id),
                    type: 'tryout-waiting',
                    tryout,
                    position,
                    ...(takesSpot ? { holds_spot: true } : {}),
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              ...(!waitlist
                ? []
                : takesSpot
                  ? [
                      {
                        Delete: {
                          TableName: tableName(),
                          Key: keys.waitlistEntry(seasonId, tryout.player_id),
                          ConditionExpression: 'spot_offered_until > :now',
                          ExpressionAttributeValues: { ':now': waitlist.now.toISOString() },
                        },
                      },
                    ]
                  : [
                      {
                        ConditionCheck: {
                          TableName: tableName(),
                          Key: keys.waitlistEntry(seasonId, tryout.player_id),
                          ConditionExpression: 'attribute_not_exists(PK)',
                        },
                      },
                    ]),
            ];
          }),
        ],
      }),
    );
    return undefined;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [seasonCheck, ...players] = error.CancellationReasons ?? [];
    if (seasonCheck?.Code === CONDITION_FAILED) {
      const stillOpen = (seasonCheck.Item?.is_registration_open as { BOOL?: boolean } | undefined)?.BOOL;
      return { outcome: { outcome: stillOpen ? 'season-changed' : 'closed' } };
    }
    // Per player: the check that it has no registration, then the waiting item's put, then its waitlist's.
    const taken = players.findIndex((r) => r.Code === CONDITION_FAILED);
    if (taken >= 0) {
      const player_id = tryouts[Math.floor(taken / stride)]!.player_id;
      if (taken % stride === 2) {
        return {
          outcome: waitlist?.takingSpots.has(player_id)
            ? { outcome: 'hold-ended', player_id }
            : { outcome: 'waitlisted-already', player_id },
        };
      }
      return { outcome: { outcome: 'already-registered', player_id }, waiting: taken % stride === 1 };
    }
    // A conflict with another transaction on the same items (a double tap): written by neither, try again.
    if ((error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict')) {
      await sleep(Math.random() * RETRY_JITTER_MS);
      return writeWaiting(tryouts, season);
    }
    throw error;
  }
}

/**
 * One attempt at numbering the season's waiting registrations, up to BATCH_SIZE, oldest first: the numbered
 * registrations ([] when none was waiting), or null when another batch went first (nothing written). In a
 * season with a capacity, those its batch put on the waitlist are left out (decideBatch answers them).
 */
export async function numberBatch(seasonId: string): Promise<RegistrationItem[] | null> {
  const batch = await decideBatch(seasonId);
  return batch && batch.flatMap((d) => ('numbered' in d ? [d.numbered] : []));
}

/**
 * One attempt at deciding the season's waiting registrations, up to BATCH_SIZE, oldest first, in one
 * transaction with the counter: each is numbered, or, in a group whose capacity is reached or whose waitlist
 * has families waiting for a spot (issue 45), put on the waitlist (no number; its place from the counter's
 * sequence). What it decided ([] when none was waiting), or null when another batch (or a change of a spot)
 * went first: nothing written.
 */
export async function decideBatch(seasonId: string): Promise<Decided[] | null> {
  const [counterRead, waiting] = await Promise.all([
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.tryoutCounter(seasonId),
        ConsistentRead: true,
      }),
    ),
    db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :waiting)',
        ExpressionAttributeValues: {
          ':pk': keys.waitingTryoutsOf(seasonId).PK,
          ':waiting': keys.waitingTryoutsOf(seasonId).SKPrefix,
        },
        ConsistentRead: true,
        Limit: BATCH_SIZE,
      }),
    ),
  ]);
  // In the order they came (the key orders them by player id), a family's children in the family's order.
  const items = (waiting.Items ?? []).sort(
    (a, b) =>
      (a.tryout as NewRegistration).created_at.localeCompare((b.tryout as NewRegistration).created_at) ||
      (a.tryout as NewRegistration).user_id.localeCompare((b.tryout as NewRegistration).user_id) ||
      ((a.position as number | undefined) ?? 0) - ((b.position as number | undefined) ?? 0),
  );
  if (!items.length) return [];
  const last = (counterRead.Item?.last as number | undefined) ?? 0;
  const counter = toCapacityCounter(counterRead.Item);
  // A group with a capacity: numbered while spots are free and nobody waits for one ahead of it; a family
  // taking the spot held for it is numbered as it is (its spot was counted when it was held).
  const capacityKept = Object.keys(counter.taken).length > 0;
  const taken = { ...counter.taken };
  const queued = { ...counter.queued };
  let seq = counter.waitlist_seq;
  const now = new Date().toISOString();
  let next = last;
  const decided: Decided[] = items.map((item): Decided => {
    const tryout = item.tryout as NewRegistration;
    const group = tryout.age_group;
    if (capacityKept && tracks(counter, group) && item.holds_spot !== true) {
      const capacity = counter.capacities[group];
      const free = capacity === undefined || taken[group]! < capacity;
      if (!free || (queued[group] ?? 0) > 0) {
        queued[group] = (queued[group] ?? 0) + 1;
        seq += 1;
        return {
          waitlisted: {
            season_id: seasonId,
            player_id: tryout.player_id,
            user_id: tryout.user_id,
            age_group: group,
            tryout,
            waitlist_seq: seq,
            waitlisted_at: now,
          },
        };
      }
      taken[group] = taken[group]! + 1;
    }
    next += 1;
    return { numbered: { ...tryout, tryout_number: next } };
  });
  const numbered = decided.flatMap((d) => ('numbered' in d ? [d.numbered] : []));
  const waitlisted = decided.flatMap((d) => ('waitlisted' in d ? [d.waitlisted] : []));
  const ver = verCondition(counter);
  const lastCondition = last === 0 ? 'attribute_not_exists(#last)' : '#last = :previous';
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.tryoutCounter(seasonId),
              UpdateExpression: capacityKept
                ? 'SET #last = :n, #type = :type, taken = :taken, queued = :queued, waitlist_seq = :seq, ver = :ver1'
                : 'SET #last = :n, #type = :type',
              // With a capacity, also `ver` as read: no spot changed hands since the counter was read.
              ConditionExpression: capacityKept ? `${lastCondition} AND ${ver.expression}` : lastCondition,
              ExpressionAttributeNames: { '#last': 'last', '#type': 'type' },
              ExpressionAttributeValues: {
                ':n': next,
                ':type': 'tryout-counter',
                ...(last === 0 ? {} : { ':previous': last }),
                ...(capacityKept
                  ? {
                      ...ver.values,
                      ':taken': taken,
                      ':queued': queued,
                      ':seq': seq,
                      ':ver1': (counter.ver ?? 0) + 1,
                    }
                  : {}),
              },
            },
          },
          ...numbered.flatMap((tryout) => [
            {
              Delete: {
                TableName: tableName(),
                Key: keys.waitingTryout(seasonId, tryout.player_id),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.tryout(seasonId, tryout.player_id),
                  ...keys.tryoutsOfUserIndex(tryout.user_id, seasonId),
                  type: 'tryout',
                  ...tryout,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ]),
          ...waitlisted.flatMap((entry) => [
            {
              Delete: {
                TableName: tableName(),
                Key: keys.waitingTryout(seasonId, entry.player_id),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.waitlistEntry(seasonId, entry.player_id),
                  type: 'tryout-waitlisted',
                  ...entry,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ]),
        ],
      }),
    );
    return decided;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    if (reasons.some((r) => r.Code === CONDITION_FAILED || r.Code === 'TransactionConflict')) return null;
    throw error;
  }
}

/**
 * Numbers everything waiting in a season, when no request is numbering already (the sweep: registrations
 * whose request died between its write and its batch). Answers what it numbered.
 */
export async function numberWaiting(seasonId: string, giveUpAt: number): Promise<RegistrationItem[]> {
  const done: RegistrationItem[] = [];
  const holder = await takeTurn(seasonId);
  if (!holder) return done;
  let renewAt = Date.now() + TURN_MS / 2;
  try {
    while (Date.now() < giveUpAt) {
      if (Date.now() >= renewAt) {
        if (!(await renewTurn(seasonId, holder))) break;
        renewAt = Date.now() + TURN_MS / 2;
      }
      const batch = await decideBatch(seasonId);
      if (batch === null) {
        await sleep(Math.random() * RETRY_JITTER_MS);
        continue;
      }
      done.push(...batch.flatMap((d) => ('numbered' in d ? [d.numbered] : [])));
      if (batch.length < BATCH_SIZE) break;
    }
  } finally {
    await endTurn(seasonId, holder);
  }
  return done;
}

/**
 * Whether any of these players' registrations is written but still waiting for its number: a confirmation
 * naming them waits for it, so a household's mail is never split and never sent without a number.
 */
export async function anyWaiting(seasonId: string, playerIds: readonly string[]): Promise<boolean> {
  if (!playerIds.length) return false;
  const out = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: playerIds.map((p) => keys.waitingTryout(seasonId, p)),
          ConsistentRead: true,
          ProjectionExpression: 'PK',
        },
      },
    }),
  );
  // Keys DynamoDB left unprocessed are not known to be numbered: waited for too.
  const unprocessed = out.UnprocessedKeys?.[tableName()]?.Keys?.length ?? 0;
  return (out.Responses?.[tableName()]?.length ?? 0) > 0 || unprocessed > 0;
}

/** The player a decision is about. */
const playerOf = (d: Decided): string => ('numbered' in d ? d.numbered.player_id : d.waitlisted.player_id);

/** Registrations of players in a season, numbered or waitlisted, strongly consistent (those that exist). */
async function decidedOf(seasonId: string, playerIds: string[]): Promise<Decided[]> {
  if (!playerIds.length) return [];
  const out = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: playerIds.flatMap((p) => [keys.tryout(seasonId, p), keys.waitlistEntry(seasonId, p)]),
          ConsistentRead: true,
        },
      },
    }),
  );
  return (out.Responses?.[tableName()] ?? []).map((item) =>
    String(item.SK).startsWith(keys.waitlistSKPrefix)
      ? { waitlisted: toWaitlistItem(item) }
      : { numbered: toRegistration(item) },
  );
}
