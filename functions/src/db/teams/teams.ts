/**
 * A season's teams (issue 45): each is `TEAM#<teamUuid>` in the season's partition (db/platform/keys.ts), so a
 * season's teams are one Query and a team one GetItem. The team item carries the counters every change to its
 * players is conditioned on: `placed_count` and `alternate_count` (written by the placements, db/teams/placements.ts),
 * and `offered`, `accepted`, `next_alternate` (written by the offers). Absent counters read as 0.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { teamId, type AgeGroup, type Team } from '@club/shared';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';

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
    placed_count: count(item.placed_count),
    alternate_count: count(item.alternate_count),
    offered: count(item.offered),
    accepted: count(item.accepted),
    next_alternate: count(item.next_alternate),
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
