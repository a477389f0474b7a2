/**
 * Everything a season's money is made of, read with ONE strongly consistent Query of its partition (paged
 * inside): the season, its registrations and their refunds, its offers with their team fees and refunds, and
 * the instalments of team fees paid in parts. The treasurer's view and CSV (services/money/ledger.ts) derive
 * their lines from this; they read, never write.
 */
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { toSeason, type SeasonItem } from '../seasons/seasons';
import { toRegistration, type RegistrationItem } from '../registration/registration-item';
import { toOffer } from '../offers/offers';
import { toRefund, type RefundItem } from './refunds';
import type { TeamFeeOffer } from './team-fees';

/** The SK prefix of a team fee's later instalments, `INSTALMENT#<playerId>#<n>` (n = 2..4). */
export const INSTALMENT_SK_PREFIX = 'INSTALMENT#';

/** What the money view reads of an instalment (2..4) of a team fee paid in parts. */
export interface InstalmentMoney {
  player_id: string;
  n: number;
  amount_cents: number;
  state: string;
  paid_at?: string;
  payment_intent_id?: string;
  stripe_fee_cents?: number;
}

export interface SeasonMoneyItems {
  season: SeasonItem | null;
  tryouts: RegistrationItem[];
  refunds: RefundItem[];
  offers: TeamFeeOffer[];
  teamFeeRefunds: RefundItem[];
  instalments: InstalmentMoney[];
}

/** An instalment item as the money view reads it (its player and number from its key when not stored). */
export function toInstalmentMoney(item: Record<string, unknown>): InstalmentMoney {
  const [, player, n] = String(item.SK).split('#');
  return {
    ...(item as object),
    player_id: (item.player_id as string | undefined) ?? player ?? '',
    n: (item.n as number | undefined) ?? Number(n),
    amount_cents: item.amount_cents as number,
    state: item.state as string,
  };
}

/** One Query of `SEASON#<id>`, sorted into the kinds of items money is made of. */
export async function readSeasonMoneyItems(seasonId: string): Promise<SeasonMoneyItems> {
  const found: SeasonMoneyItems = {
    season: null,
    tryouts: [],
    refunds: [],
    offers: [],
    teamFeeRefunds: [],
    instalments: [],
  };
  const offerPrefix = keys.offersOfSeason(seasonId).SKPrefix;
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
      if (sk === keys.seasonItemSK) found.season = toSeason(item);
      else if (sk.startsWith(keys.tryoutSKPrefix)) found.tryouts.push(toRegistration(item));
      else if (sk.startsWith(keys.refundSKPrefix)) found.refunds.push(toRefund(item));
      else if (sk.startsWith(offerPrefix)) found.offers.push(toOffer(item) as TeamFeeOffer);
      else if (sk.startsWith(keys.teamFeeRefundSKPrefix)) found.teamFeeRefunds.push(toRefund(item));
      else if (sk.startsWith(INSTALMENT_SK_PREFIX)) found.instalments.push(toInstalmentMoney(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/**
 * The money items of a few players (a household's children) in several seasons, for a family's statement:
 * their registrations and offers with strongly consistent BatchGets (100 keys a call, again for any left
 * unprocessed), then, for each season and player that has one, a Query of each of its refund and instalment
 * prefixes. Never the seasons' other families. By season id.
 */
export async function readPlayersMoneyItems(
  seasonIds: readonly string[],
  playerIds: readonly string[],
): Promise<Map<string, Omit<SeasonMoneyItems, 'season'>>> {
  const bySeason = new Map<string, Omit<SeasonMoneyItems, 'season'>>();
  const itemsOf = (seasonId: string) => {
    let found = bySeason.get(seasonId);
    if (!found) {
      found = { tryouts: [], refunds: [], offers: [], teamFeeRefunds: [], instalments: [] };
      bySeason.set(seasonId, found);
    }
    return found;
  };
  const wanted = seasonIds.flatMap((s) =>
    [...new Set(playerIds)].flatMap((p) => [keys.tryout(s, p), keys.offer(s, p)]),
  );
  const held = new Set<string>();
  for (let start = 0; start < wanted.length; start += 100) {
    let pending: Array<Record<string, unknown>> = wanted.slice(start, start + 100);
    for (let attempt = 0; pending.length && attempt < 5; attempt += 1) {
      const out = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of out.Responses?.[tableName()] ?? []) {
        const seasonId = String(item.PK).slice('SEASON#'.length);
        const sk = item.SK as string;
        if (sk.startsWith(keys.tryoutSKPrefix)) {
          const tryout = toRegistration(item);
          itemsOf(seasonId).tryouts.push(tryout);
          held.add(`${seasonId}\n${tryout.player_id}`);
        } else {
          const offer = toOffer(item) as TeamFeeOffer;
          itemsOf(seasonId).offers.push(offer);
          held.add(`${seasonId}\n${offer.player_id}`);
        }
      }
      pending =
        (out.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined) ?? [];
    }
    if (pending.length) throw new Error('The statement could not be read');
  }
  await Promise.all(
    [...held].map(async (pair) => {
      const [seasonId, playerId] = pair.split('\n') as [string, string];
      const { PK } = keys.seasonPartition(seasonId);
      const found = itemsOf(seasonId);
      const [refunds, teamFeeRefunds, instalments] = await Promise.all(
        [
          keys.refundsOf(seasonId, playerId).SKPrefix,
          keys.teamFeeRefundsOf(seasonId, playerId).SKPrefix,
          `${INSTALMENT_SK_PREFIX}${playerId}#`,
        ].map((prefix) =>
          queryAll({
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
            ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
            ConsistentRead: true,
          }),
        ),
      );
      found.refunds.push(...refunds!.map(toRefund));
      found.teamFeeRefunds.push(...teamFeeRefunds!.map(toRefund));
      found.instalments.push(...instalments!.map(toInstalmentMoney));
    }),
  );
  return bySeason;
}
