/**
 * A season's partition, read and mapped in one place: the season item, its result-mail round and every
 * registration live under `SEASON#<id>` (db/platform/keys.ts), so the admin table is one Query. A registration's
 * shape is db/registration/registration-item.ts, which the modules that write it (tryouts, payments, result mail, numbering)
 * import, never each other.
 */
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { toSeason, type SeasonItem } from './seasons';
import { toRegistration, type RegistrationItem } from '../registration/registration-item';

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
  tryouts: RegistrationItem[];
  /** The refund items of the partition (db/money/refunds.ts), by player id, in key order. */
  refunds: Map<string, Array<Record<string, unknown>>>;
}> {
  let season: SeasonItem | null = null;
  let round: ResultRound | null = null;
  const tryouts: RegistrationItem[] = [];
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
      else if (sk.startsWith(keys.tryoutSKPrefix)) tryouts.push(toRegistration(item));
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

/**
 * Reads a season and its result-mail round, and nothing of its registrations: one strongly consistent
 * BatchGet of two items (again for any DynamoDB left unprocessed). The season is null when there is none.
 */
export async function getSeasonAndRound(
  seasonId: string,
): Promise<{ season: SeasonItem | null; round: ResultRound | null }> {
  let season: SeasonItem | null = null;
  let round: ResultRound | null = null;
  let pending: Array<Record<string, unknown>> = [keys.season(seasonId), keys.resultRound(seasonId)];
  for (let attempt = 0; pending.length && attempt < 5; attempt += 1) {
    const out = await db().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
    );
    for (const item of out.Responses?.[tableName()] ?? []) {
      if (item.SK === keys.seasonItemSK) season = toSeason(item);
      else if (item.SK === keys.resultRoundSK) round = toRound(item);
    }
    pending = (out.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined) ?? [];
  }
  if (pending.length) throw new Error('The season could not be read');
  return { season, round };
}

/**
 * Reads one page of a season's registrations (issue 43): a strongly consistent Query of the partition's
 * `TRYOUT#` keys with `Limit`, starting after `afterPlayerId`, so a request reads at most `limit`
 * registrations whatever the season's size, and a page follows the one before it by key: a registration
 * that exists throughout is listed once, never missed or repeated, whatever is written meanwhile. Then the
 * refunds of exactly those players (their `REFUND#` keys lie in the range the page's first and last player
 * span). `lastPlayerId` is where the next page starts, null when the season has no more.
 */
export async function getTryoutPage(
  seasonId: string,
  page: { afterPlayerId: string | null; limit: number },
): Promise<{
  tryouts: RegistrationItem[];
  refunds: Map<string, Array<Record<string, unknown>>>;
  lastPlayerId: string | null;
}> {
  const { PK } = keys.seasonPartition(seasonId);
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': keys.tryoutSKPrefix },
      ConsistentRead: true,
      Limit: page.limit,
      ...(page.afterPlayerId ? { ExclusiveStartKey: keys.tryout(seasonId, page.afterPlayerId) } : {}),
    }),
  );
  const items = out.Items ?? [];
  const tryouts = items.map(toRegistration);
  const refunds = new Map<string, Array<Record<string, unknown>>>();
  // The players as the keys name them (the cursor must name the key the page ended on).
  const keyed = items.map((item) => (item.SK as string).slice(keys.tryoutSKPrefix.length));
  const first = keyed[0];
  const last = keyed.at(-1);
  if (first && last) {
    const players = new Set(tryouts.map((t) => t.player_id));
    // '$' sorts right after '#': the range ends after every refund key of the page's last player.
    const from = keys.refundsOf(seasonId, first).SKPrefix;
    const to = `${keys.refundsOf(seasonId, last).SKPrefix.slice(0, -1)}$`;
    let startKey: Record<string, unknown> | undefined;
    do {
      const found = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': PK, ':from': from, ':to': to },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of found.Items ?? []) {
        const playerId = item.player_id as string;
        if (players.has(playerId)) refunds.set(playerId, [...(refunds.get(playerId) ?? []), item]);
      }
      startKey = found.LastEvaluatedKey;
    } while (startKey);
  }
  return { tryouts, refunds, lastPlayerId: out.LastEvaluatedKey && last ? last : null };
}
