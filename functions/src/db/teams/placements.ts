/**
 * Where a season's players are placed (issue 45): one `PLACEMENT#<playerId>` item per player in the season's
 * partition (db/platform/keys.ts), naming the team and whether the player is placed or an alternate (with a
 * rank, 1 = offered first). One item per player is what keeps "a player is on one team at most": every write
 * of a placement is conditioned on the key being absent or being this team's.
 */
import { teamId } from '@club/shared';
import type { PlacementKind } from '@club/shared';
import { queryAll } from '../platform/client';
import { keys } from '../platform/keys';

/** A player's place on a team, as stored. */
export interface PlacementItem {
  season_id: string;
  player_id: string;
  team_uuid: string;
  kind: PlacementKind;
  /** An alternate's place in line, 1..n; absent (null) when placed. */
  rank: number | null;
  /** The registration's tryout number when placed (to name the player in answers without another read). */
  tryout_number: number;
  placed_at: string;
}

/** A placement item as read from the table. */
export function toPlacement(item: Record<string, unknown>): PlacementItem {
  return {
    season_id: item.season_id as string,
    player_id: item.player_id as string,
    team_uuid: item.team_uuid as string,
    kind: item.kind as PlacementKind,
    rank: typeof item.rank === 'number' ? item.rank : null,
    tryout_number: item.tryout_number as number,
    placed_at: item.placed_at as string,
  };
}

/**
 * Every placement and alternate of a season: one strongly consistent Query of the `PLACEMENT#` prefix of its
 * partition (a season's players are hundreds, never a Scan). In key order.
 */
export async function placementsOfSeason(seasonId: string): Promise<PlacementItem[]> {
  const prefix = keys.placementsOfSeason(seasonId);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.PK, ':sk': prefix.SKPrefix },
    ConsistentRead: true,
  });
  return items.map(toPlacement);
}

/**
 * One team's placed players and its alternates in rank order (1 first), from the season's placements (one
 * Query, filtered to the team: a season's placements are a few hundred). Empty lists for an id not ours.
 */
export async function placementsOfTeam(
  id: string,
): Promise<{ placed: PlacementItem[]; alternates: PlacementItem[] }> {
  const parsed = teamId.parse(id);
  if (!parsed) return { placed: [], alternates: [] };
  const mine = (await placementsOfSeason(parsed.seasonId)).filter((p) => p.team_uuid === parsed.teamUuid);
  return {
    placed: mine.filter((p) => p.kind === 'placed').sort((a, b) => a.tryout_number - b.tryout_number),
    alternates: mine.filter((p) => p.kind === 'alternate').sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)),
  };
}
