/** Season items and the active-season pointer. */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AgeGroup, TryoutSession } from '@club/shared';
import { db, tableName } from './client';
import { keys } from './keys';
import { tableDefinition } from './table-definition';
import { isConditionFailure, transactOrConditionCodes, unlessConditionFails } from './transactions';

export interface SeasonItem {
  id: string;
  name: string;
  age_groups: AgeGroup[];
  is_registration_open: boolean;
  /** Integer cents of CAD that a card payment charges. */
  tryout_fee_cents: number;
  /** What each further athlete of a household pays; absent: the fee (a season set before households). */
  sibling_fee_cents?: number;
  /** The year the age groups count from (15U: born in reference_year − 15 or later). */
  reference_year: number;
  /** TeamSnap link per age group, shown to selected players of that group. */
  teamsnap_links: Partial<Record<AgeGroup, string>>;
  /** Its tryout sessions and open gyms (none on a season stored before sessions existed). */
  sessions: TryoutSession[];
  /** The day registration is planned to open (YYYY-MM-DD), '' or absent when not said (issue 18). */
  registration_opens_on?: string;
  createdAt: string;
}

/** What PATCH /admin/seasons/{id} may change. */
export type SeasonSettings = Partial<
  Pick<
    SeasonItem,
    | 'name'
    | 'tryout_fee_cents'
    | 'sibling_fee_cents'
    | 'reference_year'
    | 'sessions'
    | 'registration_opens_on'
  >
>;

/**
 * Changes a season's settings in one conditional write (the season must exist). A change of its age year is
 * also conditional on the season having no registration yet (its counter has given no number), in the same
 * transaction, so a registration racing the change either lands first (and the change is refused) or is
 * checked against the new year (its own transaction re-checks the year it counted with).
 */
export async function updateSeasonSettings(
  seasonId: string,
  settings: SeasonSettings,
): Promise<SeasonItem | 'no-season' | 'has-registrations'> {
  const entries = Object.entries(settings).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return (await getSeason(seasonId)) ?? 'no-season';
  const update = {
    TableName: tableName(),
    Key: keys.season(seasonId),
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([field], i) => [`#f${i}`, field])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
  };
  if (settings.reference_year === undefined) {
    const out = await unlessConditionFails(() =>
      db().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' })),
    );
    return out ? toSeason(out.Attributes!) : 'no-season';
  }
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: update },
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.tryoutCounter(seasonId),
              ConditionExpression: 'attribute_not_exists(#last)',
              ExpressionAttributeNames: { '#last': 'last' },
            },
          },
        ],
      }),
    ),
  );
  if (codes?.[0] === 'ConditionalCheckFailed') return 'no-season';
  if (codes?.[1] === 'ConditionalCheckFailed') return 'has-registrations';
  if (codes) throw new Error(`Season settings transaction failed: ${codes.join(',')}`);
  return (await getSeason(seasonId)) ?? 'no-season';
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

/** Reads one season by id (strongly consistent, so a change just made is seen). */
export async function getSeason(seasonId: string): Promise<SeasonItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.season(seasonId), ConsistentRead: true }),
  );
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
    ...(typeof item.sibling_fee_cents === 'number' ? { sibling_fee_cents: item.sibling_fee_cents } : {}),
    reference_year: item.reference_year as number,
    teamsnap_links: (item.teamsnap_links as SeasonItem['teamsnap_links'] | undefined) ?? {},
    sessions: (item.sessions as TryoutSession[] | undefined) ?? [],
    ...(typeof item.registration_opens_on === 'string' && item.registration_opens_on
      ? { registration_opens_on: item.registration_opens_on }
      : {}),
    createdAt: item.createdAt as string,
  };
}
