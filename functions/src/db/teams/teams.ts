/**
 * A season's teams (issue 45): each is `TEAM#<teamUuid>` in the season's partition (db/platform/keys.ts), so a
 * season's teams are one Query and a team one GetItem. The team item carries the counters every change to its
 * players is conditioned on: `placed_count` and `alternate_count` (written by the placements, db/teams/placements.ts),
 * and `offered`, `accepted`, `next_alternate` (written by the offers). Absent counters read as 0.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_INSTALMENT_RETRIES, teamId, type AgeGroup, type Team } from '@club/shared';
import { auditPut, type AuditBy } from '../platform/audit';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { transactOrConditionCodes } from '../platform/transactions';

/** A team as stored. */
export interface TeamItem {
  season_id: string;
  team_uuid: string;
  name: string;
  age_group: AgeGroup;
  /** The most players placed, and the most offers accepted. */
  capacity: number;
  fee_cents: number;
  coach_name: string | null;
  team_link: string | null;
  cash_accepted: boolean;
  /** The due dates of instalments 2..4 (issue 46); empty: the fee is paid in full. Absent on older items. */
  instalment_due_dates?: string[];
  /** How many more times a declined instalment is charged (absent: the default, 1). */
  instalment_retries?: number;
  /** Players placed on the team now (PLACEMENT# items of kind 'placed'). */
  placed_count: number;
  /** Alternates in its list now (PLACEMENT# items of kind 'alternate', ranked 1..n). */
  alternate_count: number;
  /** Live offers out and unanswered (the offers' counter). */
  offered: number;
  /** Offers accepted (the offers' counter): never more than capacity. */
  accepted: number;
  /** The offers' cursor into the alternates: how many of them, in rank order, have been offered a place. */
  next_alternate: number;
  /**
   * Places freed (a decline, an expiry, a rescind, a withdrawal) not yet offered to an alternate (the offers'
   * counter): each alternate's offer takes one, so two places freed at once go to two alternates.
   */
  open_places?: number;
  /** Goes up at every change of the team's lists: each change is conditioned on the version it read. */
  list_version: number;
  created_at: string;
  updated_at: string;
}

const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** A team item as read from the table (GetItem or Query). */
export function toTeam(item: Record<string, unknown>): TeamItem {
  return {
    season_id: item.season_id as string,
    team_uuid: item.team_uuid as string,
    name: item.name as string,
    age_group: item.age_group as AgeGroup,
    capacity: item.capacity as number,
    fee_cents: count(item.fee_cents),
    coach_name: (item.coach_name as string | null | undefined) ?? null,
    team_link: (item.team_link as string | null | undefined) ?? null,
    cash_accepted: item.cash_accepted !== false,
    instalment_due_dates: (item.instalment_due_dates as string[] | undefined) ?? [],
    instalment_retries: (item.instalment_retries as number | undefined) ?? DEFAULT_INSTALMENT_RETRIES,
    placed_count: count(item.placed_count),
    alternate_count: count(item.alternate_count),
    offered: count(item.offered),
    accepted: count(item.accepted),
    next_alternate: count(item.next_alternate),
    open_places: count(item.open_places),
    list_version: count(item.list_version),
    created_at: item.created_at as string,
    updated_at: (item.updated_at as string | undefined) ?? (item.created_at as string),
  };
}

/** The answer shape of a team (shared Team). */
export function teamAnswer(team: TeamItem): Team {
  return {
    id: teamId.of(team.season_id, team.team_uuid),
    season_id: team.season_id,
    name: team.name,
    age_group: team.age_group,
    capacity: team.capacity,
    fee_cents: team.fee_cents,
    coach_name: team.coach_name,
    team_link: team.team_link,
    cash_accepted: team.cash_accepted,
    instalment_due_dates: team.instalment_due_dates ?? [],
    instalment_retries: team.instalment_retries ?? DEFAULT_INSTALMENT_RETRIES,
    placed: team.placed_count,
    alternates: team.alternate_count,
    accepted: team.accepted,
    offered: team.offered,
    created_at: team.created_at,
  };
}

/**
 * One team by its public id (`<seasonId>.<teamUuid>`, shared ids.ts teamId): one strongly consistent GetItem,
 * so a change just made shows. Null when the id is not one of ours or there is no such team.
 */
export async function getTeam(id: string): Promise<TeamItem | null> {
  const parsed = teamId.parse(id);
  if (!parsed) return null;
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.team(parsed.seasonId, parsed.teamUuid),
      ConsistentRead: true,
    }),
  );
  return out.Item ? toTeam(out.Item) : null;
}

/**
 * A season's teams (one strongly consistent Query of the `TEAM#` prefix of its partition), by age group in
 * the spec's order, then by name.
 */
export async function teamsOfSeason(seasonId: string): Promise<TeamItem[]> {
  const prefix = keys.teamsOfSeason(seasonId);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.PK, ':sk': prefix.SKPrefix },
    ConsistentRead: true,
  });
  return items
    .map(toTeam)
    .sort((a, b) => a.age_group.localeCompare(b.age_group) || a.name.localeCompare(b.name));
}

/** Writes of a team's settings, each in one transaction with its audit entry. */
type TeamSettings = Pick<
  TeamItem,
  | 'name'
  | 'age_group'
  | 'capacity'
  | 'fee_cents'
  | 'coach_name'
  | 'team_link'
  | 'cash_accepted'
  | 'instalment_due_dates'
  | 'instalment_retries'
>;

const SETTINGS = [
  'name',
  'age_group',
  'capacity',
  'fee_cents',
  'coach_name',
  'team_link',
  'cash_accepted',
  'instalment_due_dates',
  'instalment_retries',
] as const;

/** A new team with its counters at 0 and its audit entry, in one transaction (the key is new: a UUID). */
export async function putTeam(team: TeamItem, by: AuditBy): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.team(team.season_id, team.team_uuid), type: 'team', ...team },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        auditPut(
          by,
          { action: 'team_created', seasonId: team.season_id },
          {},
          {
            team_id: teamId.of(team.season_id, team.team_uuid),
            ...pick(team, SETTINGS),
          },
        ),
      ],
    }),
  );
}

function pick<T extends object, K extends keyof T>(from: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, from[name]])) as Pick<T, K>;
}

/**
 * Changes a team's settings, with its audit entry, in one transaction whose conditions hold the limits where
 * they are written: the capacity never drops below the players placed or the offers accepted, and the age
 * group changes only while nobody is placed or an alternate. Answers the team as written, or why not:
 * 'gone' (no such team), 'capacity' or 'age_group'.
 */
export async function updateTeamSettings(
  team: TeamItem,
  change: Partial<TeamSettings>,
  by: AuditBy,
): Promise<TeamItem | 'gone' | 'capacity' | 'age_group'> {
  const names = SETTINGS.filter((name) => change[name] !== undefined);
  const sets = names.map((name) => `#${name} = :${name}`);
  const values: Record<string, unknown> = Object.fromEntries(names.map((name) => [`:${name}`, change[name]]));
  const conditions = ['attribute_exists(PK)'];
  if (change.capacity !== undefined) {
    conditions.push(
      '(attribute_not_exists(placed_count) OR placed_count <= :capacity)',
      '(attribute_not_exists(accepted) OR accepted <= :capacity)',
    );
  }
  if (change.age_group !== undefined && change.age_group !== team.age_group) {
    conditions.push(
      '(attribute_not_exists(placed_count) OR placed_count = :zero)',
      '(attribute_not_exists(alternate_count) OR alternate_count = :zero)',
    );
    values[':zero'] = 0;
  }
  const now = by.now.toISOString();
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.team(team.season_id, team.team_uuid),
              UpdateExpression: `SET ${[...sets, 'updated_at = :updated_at'].join(', ')}`,
              ConditionExpression: conditions.join(' AND '),
              ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
              ExpressionAttributeValues: { ...values, ':updated_at': now },
            },
          },
          auditPut(
            by,
            { action: 'team_settings', seasonId: team.season_id },
            { team_id: teamId.of(team.season_id, team.team_uuid), ...pick(team, names) },
            { team_id: teamId.of(team.season_id, team.team_uuid), ...pick(change as TeamSettings, names) },
          ),
        ],
      }),
    ),
  );
  const written = await getTeam(teamId.of(team.season_id, team.team_uuid));
  if (!written) return 'gone';
  if (codes === null) return written;
  const groupChanged = change.age_group !== undefined && change.age_group !== team.age_group;
  if (groupChanged && (written.placed_count > 0 || written.alternate_count > 0)) return 'age_group';
  return 'capacity';
}

/**
 * Deletes a team, with its audit entry, only while nobody is placed on it, waits as its alternate, or holds
 * or accepted its offer: the condition is on the team's own counters, which every placement write moves in
 * the same transaction, so a placement racing the delete leaves one outcome. False when refused or gone.
 */
export async function deleteTeam(team: TeamItem, by: AuditBy): Promise<boolean> {
  const empty = ['placed_count', 'alternate_count', 'offered', 'accepted']
    .map((name) => `(attribute_not_exists(${name}) OR ${name} = :zero)`)
    .join(' AND ');
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.team(team.season_id, team.team_uuid),
              ConditionExpression: `attribute_exists(PK) AND ${empty}`,
              ExpressionAttributeValues: { ':zero': 0 },
            },
          },
          auditPut(
            by,
            { action: 'team_deleted', seasonId: team.season_id },
            { team_id: teamId.of(team.season_id, team.team_uuid), ...pick(team, SETTINGS) },
            {},
          ),
        ],
      }),
    ),
  );
  return codes === null;
}
