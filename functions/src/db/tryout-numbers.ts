/**
 * Tryout numbers: a registration is written with the season's next number in one transaction, so numbers are
 * unique, never reused and gap-free among the registrations that exist, and a registration exists whole or not
 * at all. Turns (below) only pace a burst; correctness rests on the transaction's conditions alone.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import { unlessConditionFails } from './transactions';
import type { NewTryout } from './tryout-item';

export type InsertOutcome =
  | { outcome: 'created'; tryout_number: number }
  | { outcome: 'already-registered' | 'closed' | 'busy' | 'season-changed' };

/** What a registration was checked against: the season must still count its age groups from this year. */
export interface SeasonAsChecked {
  readonly reference_year: number;
}

/**
 * Pacing of a burst. A gap-free number is given one at a time (each registration's transaction must see the
 * one before it), and a failed transaction costs the table as much as one that succeeds (DynamoDB Local even
 * runs them one after the other), so a burst of N players racing on jitter alone makes O(N²) doomed attempts.
 * Each registration therefore takes a turn ticket (an atomic ADD, never refused) and waits, by cheap reads,
 * until the season's `served` mark (the highest ticket whose holder has finished) reaches the ticket before
 * its own.
 *
 * `served` is a high-water mark, not a count of finished tickets: a holder that dies (timeout, crash, out of
 * memory) before marking its ticket costs the registrations behind it one stall of STALL_MS at most, once:
 * the one that takes the turn anyway marks the dead tickets served. A queue that had not moved for STALL_MS
 * when a ticket was asked for (the dead tickets are old) costs nothing at all. So a registration's time never depends on how many
 * registrations died before it.
 */
const TURN_MS = 20;
const MAX_WAIT_MS = 1_000;
/**
 * Nothing moved in the queue for this long: whoever is ahead has died, so the turn is taken anyway. Far above
 * the few table calls a live holder makes between its turn and its number, even on a busy machine.
 */
const STALL_MS = 1_000;
const RETRY_JITTER_MS = 30;

const CONDITION_FAILED = 'ConditionalCheckFailed';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes a registration with the season's next tryout number in one transaction: the season must still be
 * open and still count its age groups from the year the player was checked against (ConditionCheck; a change
 * of year meanwhile answers 'season-changed'), the counter moves from n−1 to n (a conditional update), and the registration is put
 * only if the player has none. A stale n is retried with the counter's value that came back with the failure
 * (no re-read) after a short jitter, in turn order, until `giveUpAt` (epoch ms).
 */
export async function insertRegistration(
  tryout: NewTryout,
  season: SeasonAsChecked,
  giveUpAt: number,
): Promise<InsertOutcome> {
  const turn = await takeTurn(tryout.season_id);
  try {
    return await insertInTurn(tryout, season, turn, giveUpAt);
  } finally {
    // Whatever the outcome, the turn is over; a failure to say so costs the next in line one stall at most.
    await markServed(tryout.season_id, turn.ticket).catch(() => undefined);
  }
}

interface Turn {
  ticket: number;
  /** The served mark when the ticket was taken. */
  served: number;
  /** The queue had not moved for STALL_MS when the ticket was asked for: whoever is ahead has died. */
  quiet: boolean;
}

async function insertInTurn(
  tryout: NewTryout,
  season: SeasonAsChecked,
  turn: Turn,
  giveUpAt: number,
): Promise<InsertOutcome> {
  let served = turn.served;
  /** When the queue was last seen to move (a ticket served, a number given), or the ticket came. */
  let movedAt = turn.quiet ? 0 : Date.now();
  /** The counter's last number, once read. */
  let last: number | undefined;
  for (;;) {
    if (Date.now() >= giveUpAt) return { outcome: 'busy' };
    const ahead = turn.ticket - 1 - served;
    const wait = ahead > 0 && Date.now() - movedAt < STALL_MS;
    if (wait) await sleep(Math.min(MAX_WAIT_MS, ahead * TURN_MS) * (0.7 + 0.3 * Math.random()));
    if (wait || last === undefined) {
      const seen = await readProgress(tryout.season_id, tryout.player_id);
      if (seen.registered) return { outcome: 'already-registered' };
      if (seen.served !== served || (last !== undefined && seen.last !== last)) movedAt = Date.now();
      served = seen.served;
      last = seen.last;
      if (wait) continue;
    }
    if (turn.ticket - 1 > served) {
      // Nothing moved for STALL_MS: the tickets ahead died. Mark them served, so those behind do not wait too.
      await markServed(tryout.season_id, turn.ticket - 1).catch(() => undefined);
      served = turn.ticket - 1;
    }
    const next = last + 1;
    try {
      await db().send(new TransactWriteCommand({ TransactItems: registrationItems(tryout, season, next) }));
      return { outcome: 'created', tryout_number: next };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const [seasonCheck, counter, registration] = error.CancellationReasons ?? [];
      if (registration?.Code === CONDITION_FAILED) return { outcome: 'already-registered' };
      if (seasonCheck?.Code === CONDITION_FAILED) {
        const stillOpen = (seasonCheck.Item?.is_registration_open as { BOOL?: boolean } | undefined)?.BOOL;
        return { outcome: stillOpen ? 'season-changed' : 'closed' };
      }
      if (counter?.Code === CONDITION_FAILED) {
        const seen = counter.Item ? lastNumberOf(counter.Item) : undefined;
        // Someone else was given a number: whoever holds the turn is alive, so wait for it again.
        if (seen !== last) movedAt = Date.now();
        last = seen;
      } else if (!(error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict')) {
        throw error;
      }
      await sleep(Math.random() * RETRY_JITTER_MS);
    }
  }
}

function registrationItems(tryout: NewTryout, season: SeasonAsChecked, n: number) {
  return [
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.season(tryout.season_id),
        ConditionExpression: 'is_registration_open = :open AND reference_year = :year',
        ExpressionAttributeValues: { ':open': true, ':year': season.reference_year },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.tryoutCounter(tryout.season_id),
        UpdateExpression: 'SET #last = :n, #type = :type',
        ConditionExpression: n === 1 ? 'attribute_not_exists(#last)' : '#last = :previous',
        ExpressionAttributeNames: { '#last': 'last', '#type': 'type' },
        ExpressionAttributeValues: {
          ':n': n,
          ':type': 'tryout-counter',
          ...(n === 1 ? {} : { ':previous': n - 1 }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.tryout(tryout.season_id, tryout.player_id),
          ...keys.tryoutsOfUserIndex(tryout.user_id, tryout.season_id),
          type: 'tryout',
          ...tryout,
          tryout_number: n,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** The counter's `last` out of a cancellation reason's item (low-level attribute values, not unmarshalled). */
function lastNumberOf(item: Record<string, unknown>): number {
  const last = item.last as { N?: string } | number | undefined;
  return typeof last === 'number' ? last : Number(last?.N ?? 0);
}

/**
 * Takes the next turn ticket of a season's registrations: one atomic ADD (tickets are distinct), which also
 * stamps when the queue last moved and answers the queue as it was, so a ticket taken behind dead ones after a
 * quiet spell goes at once.
 */
async function takeTurn(seasonId: string): Promise<Turn> {
  // The time of asking, not of the answer: a slow answer must not make a busy queue look quiet.
  const now = Date.now();
  const out = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.tryoutQueue(seasonId),
      UpdateExpression: 'ADD issued :one SET #type = :type, moved_at = :now',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'tryout-queue', ':now': now },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const old = out.Attributes ?? {};
  return {
    ticket: ((old.issued as number | undefined) ?? 0) + 1,
    served: (old.served as number | undefined) ?? 0,
    quiet: now - ((old.moved_at as number | undefined) ?? 0) >= STALL_MS,
  };
}

/**
 * Raises the season's served mark to a finished ticket (never lowers it: tickets finish out of order), so the
 * registrations behind it take their turns. Refused harmlessly when a later ticket already raised it.
 */
async function markServed(seasonId: string, ticket: number): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryoutQueue(seasonId),
        UpdateExpression: 'SET served = :t, moved_at = :now',
        ConditionExpression: 'attribute_not_exists(served) OR served < :t',
        ExpressionAttributeValues: { ':t': ticket, ':now': Date.now() },
      }),
    ),
  );
}

/**
 * Reads how far a season's numbering is (the last number given, the served mark) and whether the player is
 * registered yet: one strongly consistent BatchGet of the counter, the queue and the registration. Both marks
 * only ever grow, so a stale read only makes a registration wait a little longer or try a little early.
 */
async function readProgress(
  seasonId: string,
  playerId: string,
): Promise<{ last: number; served: number; registered: boolean }> {
  const counterKey = keys.tryoutCounter(seasonId);
  const queueKey = keys.tryoutQueue(seasonId);
  const tryoutKey = keys.tryout(seasonId, playerId);
  const out = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: [counterKey, queueKey, tryoutKey],
          ConsistentRead: true,
          ProjectionExpression: 'SK, #last, served',
          ExpressionAttributeNames: { '#last': 'last' },
        },
      },
    }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const item = (sk: string) => items.find((i) => i.SK === sk);
  return {
    last: (item(counterKey.SK)?.last as number | undefined) ?? 0,
    served: (item(queueKey.SK)?.served as number | undefined) ?? 0,
    registered: item(tryoutKey.SK) !== undefined,
  };
}
