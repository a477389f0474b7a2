/**
 * Where a season's players are placed (issue 45): one `PLACEMENT#<playerId>` item per player in the season's
 * partition (db/platform/keys.ts), naming the team and whether the player is placed or an alternate (with a
 * rank, 1 = offered first). One item per player is what keeps "a player is on one team at most": every write
 * of a placement is conditioned on the key being absent or being this team's.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { teamId, tryoutId } from '@club/shared';
import type { PlacementKind } from '@club/shared';
import { auditPut, type AuditBy } from '../platform/audit';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { transactOrConditionCodes } from '../platform/transactions';
import type { TeamItem } from './teams';

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

/** A player a list names: their id, and their tryout number (for the answers). */
export interface ListedPlayer {
  player_id: string;
  tryout_number: number;
}

/** Why a list was not written: see writeTeamList. */
export type ListRefusal =
  | { reason: 'elsewhere'; tryout_number: number }
  | { reason: 'capacity' }
  | { reason: 'published' }
  | { reason: 'offered_alternates' }
  | { reason: 'changed' };

/**
 * Replaces one of a team's lists (its placed players, or its alternates in order) with `wanted`, in ONE
 * transaction with the team's counters and the audit entry. What holds the limits is each write's condition:
 * - a player's PLACEMENT# item is put only where there is none, and changed or deleted only while it is this
 *   team's (as read): a player is on one team at most, whoever writes at the same moment;
 * - the team's `list_version` must be what was read (every change of its lists moves it), so a concurrent
 *   change of the same team starts over instead of counting twice, and `capacity >= placed` holds on the
 *   team item itself;
 * - placed players change only while the season's offers are not out (`offers_published_at` absent) and
 *   their publish hour, when set, is still ahead (`offers_publish_at > now`: the publish job may be running), and the
 *   alternates already offered a place (the first `next_alternate` of them) keep their places.
 * A player moving between this team's two lists keeps one item (its kind changes); the other list's
 * alternates are numbered 1..n again. `current` is the season's placements as read (placementsOfSeason).
 */
export async function writeTeamList(input: {
  team: TeamItem;
  kind: PlacementKind;
  wanted: ListedPlayer[];
  current: PlacementItem[];
  by: AuditBy;
}): Promise<ListRefusal | null> {
  const { team, kind, wanted } = input;
  const seasonId = team.season_id;
  const other = kind === 'placed' ? 'alternate' : 'placed';
  const mine = input.current.filter((p) => p.team_uuid === team.team_uuid);
  const byPlayer = new Map(input.current.map((p) => [p.player_id, p]));
  const wantedIds = new Set(wanted.map((w) => w.player_id));

  const elsewhere = wanted.find((w) => {
    const at = byPlayer.get(w.player_id);
    return at && at.team_uuid !== team.team_uuid;
  });
  if (elsewhere) return { reason: 'elsewhere', tryout_number: elsewhere.tryout_number };
  if (kind === 'placed' && wanted.length > team.capacity) return { reason: 'capacity' };
  if (kind === 'alternate' && team.next_alternate > 0) {
    const offered = mine
      .filter((p) => p.kind === 'alternate' && (p.rank ?? 0) <= team.next_alternate)
      .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    if (offered.some((p, i) => wanted[i]?.player_id !== p.player_id)) return { reason: 'offered_alternates' };
  }

  const now = input.by.now.toISOString();
  const steps: TransactItem[] = [];
  const key = (playerId: string) => keys.placement(seasonId, playerId);
  const isMine = (p: PlacementItem) => ({
    ConditionExpression: 'team_uuid = :t AND #kind = :k',
    values: { ':t': team.team_uuid, ':k': p.kind },
  });

  // This list, as wanted: new items where none is, the rest changed only while still this team's.
  wanted.forEach((w, i) => {
    const rank = kind === 'alternate' ? i + 1 : null;
    const at = byPlayer.get(w.player_id);
    if (!at) {
      steps.push({
        Put: {
          TableName: tableName(),
          Item: {
            ...key(w.player_id),
            type: 'placement',
            season_id: seasonId,
            player_id: w.player_id,
            team_uuid: team.team_uuid,
            kind,
            ...(rank ? { rank } : {}),
            tryout_number: w.tryout_number,
            placed_at: now,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    } else if (at.kind !== kind || at.rank !== rank) {
      const guard = isMine(at);
      steps.push({
        Update: {
          TableName: tableName(),
          Key: key(w.player_id),
          UpdateExpression: rank
            ? 'SET #kind = :kind, #rank = :rank, placed_at = :now'
            : 'SET #kind = :kind, placed_at = :now REMOVE #rank',
          ConditionExpression: guard.ConditionExpression,
          ExpressionAttributeNames: { '#rank': 'rank', '#kind': 'kind' },
          ExpressionAttributeValues: {
            ...guard.values,
            ':kind': kind,
            ':now': now,
            ...(rank ? { ':rank': rank } : {}),
          },
        },
      });
    }
  });
  // Left off this list: gone from the team.
  for (const p of mine.filter((p) => p.kind === kind && !wantedIds.has(p.player_id))) {
    const guard = isMine(p);
    steps.push({
      Delete: {
        TableName: tableName(),
        Key: key(p.player_id),
        ConditionExpression: guard.ConditionExpression,
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: guard.values,
      },
    });
  }
  // The other list, less whoever moved to this one, numbered again when it is the alternates.
  const otherList = mine
    .filter((p) => p.kind === other && !wantedIds.has(p.player_id))
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.tryout_number - b.tryout_number);
  if (other === 'alternate') {
    otherList.forEach((p, i) => {
      if (p.rank === i + 1) return;
      const guard = isMine(p);
      steps.push({
        Update: {
          TableName: tableName(),
          Key: key(p.player_id),
          UpdateExpression: 'SET #rank = :rank',
          ConditionExpression: guard.ConditionExpression,
          ExpressionAttributeNames: { '#rank': 'rank', '#kind': 'kind' },
          ExpressionAttributeValues: { ...guard.values, ':rank': i + 1 },
        },
      });
    });
  }
  const placed = kind === 'placed' ? wanted.length : otherList.length;
  const alternates = kind === 'alternate' ? wanted.length : otherList.length;
  steps.push({
    Update: {
      TableName: tableName(),
      Key: keys.team(seasonId, team.team_uuid),
      UpdateExpression:
        'SET placed_count = :placed, alternate_count = :alternates, list_version = :next, updated_at = :now',
      // Absent counters read as 0 (toTeam), so "as read" is "absent, or equal to what was read".
      ConditionExpression:
        'attribute_exists(PK) AND #capacity >= :placed AND ' +
        '(attribute_not_exists(list_version) OR list_version = :version)' +
        (kind === 'alternate'
          ? team.next_alternate
            ? ' AND next_alternate = :cursor'
            : ' AND (attribute_not_exists(next_alternate) OR next_alternate = :cursor)'
          : ''),
      ExpressionAttributeNames: { '#capacity': 'capacity' },
      ExpressionAttributeValues: {
        ':placed': placed,
        ':alternates': alternates,
        ':next': team.list_version + 1,
        ':now': now,
        ':version': team.list_version,
        ...(kind === 'alternate' ? { ':cursor': team.next_alternate } : {}),
      },
    },
  });
  const touchesPlaced =
    kind === 'placed' || otherList.length !== mine.filter((p) => p.kind === 'placed').length;
  if (touchesPlaced) {
    // Placed players change only while the season's offers are not out (the season item says when they went)
    // and their publish hour has not come: from that hour the publish job is reading the placements.
    steps.push({
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.season(seasonId),
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(offers_published_at) OR attribute_type(offers_published_at, :null))' +
          ' AND (attribute_not_exists(offers_publish_at) OR offers_publish_at > :now)',
        ExpressionAttributeValues: { ':null': 'NULL', ':now': now },
      },
    });
  }
  const id = teamId.of(seasonId, team.team_uuid);
  const listOf = (players: Array<{ player_id: string }>) =>
    players.map((p) => tryoutId.of(seasonId, p.player_id));
  steps.push(
    auditPut(
      input.by,
      { action: kind === 'placed' ? 'team_placements' : 'team_alternates', seasonId },
      {
        team_id: id,
        tryout_ids: listOf(mine.filter((p) => p.kind === kind).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))),
      },
      { team_id: id, tryout_ids: listOf(wanted) },
    ),
  );

  const codes = await transactOrConditionCodes(() =>
    db().send(new TransactWriteCommand({ TransactItems: steps })),
  );
  if (codes === null) return null;
  if (touchesPlaced && codes[steps.length - 2] === 'ConditionalCheckFailed') return { reason: 'published' };
  return { reason: 'changed' };
}

type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];
