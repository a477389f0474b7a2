/** Season items and the active-season pointer. */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AgeGroup } from '@club/shared';
import { db, tableName } from './client';
import { keys } from './keys';

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
  const pointer = await db().send(new GetCommand({ TableName: tableName(), Key: keys.activeSeason() }));
  const seasonId = pointer.Item?.seasonId as string | undefined;
  if (!seasonId) return null;
  return getSeason(seasonId);
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

function toSeason(item: Record<string, unknown>): SeasonItem {
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
