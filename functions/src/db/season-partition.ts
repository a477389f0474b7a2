/**
 * A season's partition, read and mapped in one place: the season item, its result-mail round and every
 * registration live under `SEASON#<id>` (db/keys.ts), so the admin table is one Query. A registration's
 * shape is db/tryout-item.ts, which the modules that write it (tryouts, payments, result mail, numbering)
 * import, never each other.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import { toSeason, type SeasonItem } from './seasons';
import { toTryout, type TryoutItem } from './tryout-item';

/** A season's current round of result mail. */
export interface ResultRound {
  /** Sorts by time (ISO start time + random), so "a later round" is a string comparison. */
  id: string;
  started_at: number;
  /** When its rows' lost messages were last put back on the queue (epoch ms; started_at at first). */
  requeued_at: number;
  /** `<playerId>#<result version>` of every row the round is to mail. */
  entries: Set<string>;
}

export const roundEntry = (playerId: string, version: number): string => `${playerId}#${version}`;

/** A round as read from the table (Query or GetItem). */
export function toRound(item: Record<string, unknown>): ResultRound {
  return {
    id: item.round as string,
    started_at: item.started_at as number,
    requeued_at: item.requeued_at as number,
    entries: new Set(item.entries as Set<string> | undefined),
  };
}

/**
 * Reads a season, its result-mail round and all its registrations with ONE Query of the season's partition (paged inside when it
 * passes 1 MB), never a Scan, sorted by tryout number. Strongly consistent, so a change the admin just made
 * shows. The season is null when there is no such season.
 */
export async function getSeasonWithTryouts(seasonId: string): Promise<{
  season: SeasonItem | null;
  round: ResultRound | null;
  tryouts: TryoutItem[];
  /** The refund items of the partition (db/refunds.ts), by player id, in key order. */
  refunds: Map<string, Array<Record<string, unknown>>>;
}> {
  let season: SeasonItem | null = null;
  let round: ResultRound | null = null;
  const tryouts: TryoutItem[] = [];
  const refunds = new Map<string, Array<Record<string, unknown>>>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.seasonPartition(seasonId).PK },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const sk = item.SK as string;
      if (sk === keys.seasonItemSK) season = toSeason(item);
      else if (sk === keys.resultRoundSK) round = toRound(item);
      else if (sk.startsWith(keys.tryoutSKPrefix)) tryouts.push(toTryout(item));
      else if (sk.startsWith(keys.refundSKPrefix)) {
        const playerId = item.player_id as string;
        refunds.set(playerId, [...(refunds.get(playerId) ?? []), item]);
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  tryouts.sort((a, b) => a.tryout_number - b.tryout_number);
  return { season, round, tryouts, refunds };
}
