/** Season items and the active-season pointer. */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AgeGroup } from '@club/shared';
import { db, tableName } from './client';
import { keys } from './keys';
import { tableDefinition } from './table-definition';
import { isConditionFailure, unlessConditionFails } from './transactions';

export interface SeasonItem {
  id: string;
  name: string;
  age_groups: AgeGroup[];
  is_registration_open: boolean;
  /** Integer cents of CAD that a card payment charges. */
  tryout_fee_cents: number;
  /** The year the age groups count from (15U: born in reference_year − 15 or later). */
  reference_year: number;
  /** TeamSnap link per age group, shown to selected players of that group. */
  teamsnap_links: Partial<Record<AgeGroup, string>>;
  createdAt: string;
}

/** Reads the active season: the pointer, then the season it names (two GetItems). */
export async function getActiveSeason(): Promise<SeasonItem | null> {
  const seasonId = await getActiveSeasonId();
  return seasonId ? getSeason(seasonId) : null;
}

/** Reads which season is active (one GetItem of the pointer); null when none is. */
export async function getActiveSeasonId(): Promise<string | null> {
  const pointer = await db().send(new GetCommand({ TableName: tableName(), Key: keys.activeSeason() }));
  return (pointer.Item?.seasonId as string | undefined) ?? null;
}

/** Lists every season, newest first: one Query of the seasons index (paged inside; a club has few). */
export async function listSeasons(): Promise<SeasonItem[]> {
  const seasons: SeasonItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: tableDefinition.gsi1.indexName,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.seasonsIndexPartition },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) seasons.push(toSeason(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return seasons;
}

/**
 * Opens or closes a season's registration: one conditional update (the season must exist), answering the
 * season as written, or null when there is no such season. A registration racing a close is refused by the
 * registration's own check of the season inside its transaction (db/tryouts.ts).
 */
export async function setRegistrationOpen(seasonId: string, open: boolean): Promise<SeasonItem | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.season(seasonId),
        UpdateExpression: 'SET is_registration_open = :open',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':open': open },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (!out) return null;
  return toSeason(out.Attributes!);
}

/**
 * Sets (or, with null, removes) one age group's team link: one conditional update of that map entry only,
 * so two admins setting different groups at once both keep theirs. The group must be one of the season's.
 * 'no-season' or 'not-in-season' when refused.
 */
export async function setTeamLink(
  seasonId: string,
  group: AgeGroup,
  url: string | null,
): Promise<SeasonItem | 'no-season' | 'not-in-season'> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.season(seasonId),
        UpdateExpression: url === null ? 'REMOVE teamsnap_links.#g' : 'SET teamsnap_links.#g = :url',
        ConditionExpression: 'attribute_exists(PK) AND contains(age_groups, :group)',
        ExpressionAttributeNames: { '#g': group },
        ExpressionAttributeValues: { ':group': group, ...(url === null ? {} : { ':url': url }) },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return toSeason(out.Attributes!);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (error as { Item?: unknown }).Item ? 'not-in-season' : 'no-season';
  }
}

/** Reads one season by id. */
export async function getSeason(seasonId: string): Promise<SeasonItem | null> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.season(seasonId) }));
  return out.Item ? toSeason(out.Item) : null;
}

/**
 * Writes a new season and makes it the active one in one transaction, so readers see either the old
 * active season or the complete new one, never a pointer to a missing season.
 */
export async function createActiveSeason(season: SeasonItem): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.season(season.id),
              ...keys.seasonsIndex(season.createdAt),
              type: 'season',
              ...season,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.activeSeason(), type: 'active-season', seasonId: season.id },
          },
        },
      ],
    }),
  );
}

/** A season item as read from the table (GetItem, Query). */
export function toSeason(item: Record<string, unknown>): SeasonItem {
  return {
    id: item.id as string,
    name: item.name as string,
    age_groups: (item.age_groups as AgeGroup[]) ?? [],
    is_registration_open: item.is_registration_open === true,
    tryout_fee_cents: item.tryout_fee_cents as number,
    reference_year: item.reference_year as number,
    teamsnap_links: (item.teamsnap_links as SeasonItem['teamsnap_links'] | undefined) ?? {},
    createdAt: item.createdAt as string,
  };
}
