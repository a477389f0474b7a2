/**
 * A season's teams (issue 45 §2): the admin makes, changes and deletes them, places players on them and
 * orders each team's alternates. The limits are held where they are written (db/teams): one team per player
 * is the placement's key, the capacity and "delete only while nobody is placed" are conditions on the team's
 * counters, and placed players change only while the season's offers are not out. Every change is audited.
 */
import { randomUUID } from 'node:crypto';
import {
  serverMessages,
  tryoutId as tryoutIds,
  type AccessTokenClaims,
  type PlacementKind,
  type Team,
  type TeamCreateInput,
  type TeamPlayer,
  type TeamUpdateInput,
  type TeamWithPlayers,
} from '@club/shared';
import * as placementsTable from '../../db/teams/placements';
import * as registrations from '../../db/registration/registrations';
import * as seasonsTable from '../../db/seasons/seasons';
import * as teamsTable from '../../db/teams/teams';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { byAdmin } from '../platform/audit';

/** An empty coach name or link is none. */
const orNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

async function seasonOrNotFound(seasonId: string): Promise<seasonsTable.SeasonItem> {
  const season = await seasonsTable.getSeason(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  return season;
}

/** A team by its public id, or 404. */
export async function teamOrNotFound(id: string): Promise<teamsTable.TeamItem> {
  const team = await teamsTable.getTeam(id);
  if (!team) throw new NotFoundError(serverMessages.teamNotFound);
  return team;
}

function playerOf(seasonId: string, p: placementsTable.PlacementItem, row?: RegistrationItem): TeamPlayer {
  return {
    tryout_id: tryoutIds.of(seasonId, p.player_id),
    tryout_number: row?.tryout_number ?? p.tryout_number,
    first_name: row?.first_name ?? '',
    last_name: row?.last_name ?? '',
    kind: p.kind,
    rank: p.kind === 'alternate' ? p.rank : null,
  };
}

/** Each team with its placed players (by number) and its alternates in order, from the season's placements. */
async function withPlayers(seasonId: string, teams: teamsTable.TeamItem[]): Promise<TeamWithPlayers[]> {
  const placements = await placementsTable.placementsOfSeason(seasonId);
  const rows = new Map(
    (
      await registrations.getTryoutsOf(
        seasonId,
        placements.map((p) => p.player_id),
      )
    ).map((r) => [r.player_id, r]),
  );
  return teams.map((team) => {
    const mine = placements.filter((p) => p.team_uuid === team.team_uuid);
    const list = (kind: PlacementKind) =>
      mine
        .filter((p) => p.kind === kind)
        .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.tryout_number - b.tryout_number)
        .map((p) => playerOf(seasonId, p, rows.get(p.player_id)));
    return {
      ...teamsTable.teamAnswer(team),
      placed_players: list('placed'),
      alternate_players: list('alternate'),
    };
  });
}

/** GET /admin/seasons/{id}/teams: the season's teams, each with its players and alternates. */
export async function listTeams(seasonId: string): Promise<TeamWithPlayers[]> {
  await seasonOrNotFound(seasonId);
  return withPlayers(seasonId, await teamsTable.teamsOfSeason(seasonId));
}

/** One team with its players (after a change of its lists). */
async function teamWithPlayers(id: string): Promise<TeamWithPlayers> {
  const team = await teamOrNotFound(id);
  const [answer] = await withPlayers(team.season_id, [team]);
  return answer!;
}

/** POST /admin/seasons/{id}/teams: a new team, nobody on it yet (201). */
export async function createTeam(
  admin: AccessTokenClaims,
  seasonId: string,
  input: TeamCreateInput,
  now: Date = new Date(),
): Promise<Team> {
  const season = await seasonOrNotFound(seasonId);
  if (!season.age_groups.includes(input.age_group)) {
    throw new BadRequestError(serverMessages.teamAgeGroupNotInSeason);
  }
  const team: teamsTable.TeamItem = {
    season_id: seasonId,
    team_uuid: randomUUID(),
    name: input.name,
    age_group: input.age_group,
    capacity: input.capacity,
    fee_cents: input.fee_cents,
    coach_name: orNull(input.coach_name) ?? null,
    team_link: orNull(input.team_link) ?? null,
    cash_accepted: input.cash_accepted ?? true,
    ...(input.instalment_due_dates?.length ? { instalment_due_dates: input.instalment_due_dates } : {}),
    ...(input.instalment_retries !== undefined ? { instalment_retries: input.instalment_retries } : {}),
    placed_count: 0,
    alternate_count: 0,
    offered: 0,
    accepted: 0,
    next_alternate: 0,
    list_version: 0,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await teamsTable.putTeam(team, byAdmin(admin, now));
  log.info('team created', { seasonId });
  return teamsTable.teamAnswer(team);
}

/** PATCH /admin/teams/{teamId}: any of the team's settings. */
export async function updateTeam(
  admin: AccessTokenClaims,
  id: string,
  input: TeamUpdateInput,
): Promise<Team> {
  const team = await teamOrNotFound(id);
  if (input.age_group !== undefined) {
    const season = await seasonOrNotFound(team.season_id);
    if (!season.age_groups.includes(input.age_group)) {
      throw new BadRequestError(serverMessages.teamAgeGroupNotInSeason);
    }
  }
  const change = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.age_group !== undefined ? { age_group: input.age_group } : {}),
    ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
    ...(input.fee_cents !== undefined ? { fee_cents: input.fee_cents } : {}),
    ...(input.coach_name !== undefined ? { coach_name: orNull(input.coach_name) ?? null } : {}),
    ...(input.team_link !== undefined ? { team_link: orNull(input.team_link) ?? null } : {}),
    ...(input.cash_accepted !== undefined ? { cash_accepted: input.cash_accepted } : {}),
    ...(input.instalment_due_dates !== undefined ? { instalment_due_dates: input.instalment_due_dates } : {}),
    ...(input.instalment_retries !== undefined ? { instalment_retries: input.instalment_retries } : {}),
  };
  const out = await teamsTable.updateTeamSettings(team, change, byAdmin(admin));
  if (out === 'gone') throw new NotFoundError(serverMessages.teamNotFound);
  if (out === 'capacity') throw new ConflictError(serverMessages.teamCapacityBelowPlaced);
  if (out === 'age_group') throw new ConflictError(serverMessages.teamAgeGroupWithPlayers);
  log.info('team changed', { seasonId: team.season_id });
  return teamsTable.teamAnswer(out);
}

/** DELETE /admin/teams/{teamId}: only while nobody is placed or an alternate (409); answers the season's teams. */
export async function deleteTeam(admin: AccessTokenClaims, id: string): Promise<TeamWithPlayers[]> {
  const team = await teamOrNotFound(id);
  if (!(await teamsTable.deleteTeam(team, byAdmin(admin)))) {
    if (!(await teamsTable.getTeam(id))) throw new NotFoundError(serverMessages.teamNotFound);
    throw new ConflictError(serverMessages.teamNotEmpty);
  }
  log.info('team deleted', { seasonId: team.season_id });
  return listTeams(team.season_id);
}

/** How often a list change is tried again when the team changed between its read and its write. */
const MAX_ATTEMPTS = 3;

/**
 * PUT /admin/teams/{teamId}/placements and /alternates: one of the team's lists, the whole of it. Only
 * numbered, not withdrawn registrations of the team's age group (400); a player on another team is a 409
 * naming their number; more placed than the capacity is a 400. A concurrent change of the same team makes
 * the write's condition fail: it is tried again on what is there now.
 */
export async function setTeamList(
  admin: AccessTokenClaims,
  id: string,
  kind: PlacementKind,
  tryoutIdList: readonly string[],
): Promise<TeamWithPlayers> {
  const first = await teamOrNotFound(id);
  const seasonId = first.season_id;
  const playerIds = tryoutIdList.map((t) => {
    const ids = tryoutIds.parse(t);
    if (!ids || ids.seasonId !== seasonId) throw new BadRequestError(serverMessages.notPlaceable(null));
    return ids.playerId;
  });
  const rows = new Map((await registrations.getTryoutsOf(seasonId, playerIds)).map((r) => [r.player_id, r]));
  const wanted = playerIds.map((playerId) => {
    const row = rows.get(playerId);
    if (!row) throw new BadRequestError(serverMessages.notPlaceable(null));
    if (row.withdrawn || !(row.tryout_number > 0) || row.age_group !== first.age_group) {
      throw new BadRequestError(serverMessages.notPlaceable(row.tryout_number ?? null));
    }
    return { player_id: playerId, tryout_number: row.tryout_number };
  });
  if (kind === 'placed' && wanted.length > first.capacity) {
    throw new BadRequestError(serverMessages.teamOverCapacity(first.capacity));
  }
  for (let attempt = 1; ; attempt++) {
    const team = attempt === 1 ? first : await teamOrNotFound(id);
    const current = await placementsTable.placementsOfSeason(seasonId);
    const refused = await placementsTable.writeTeamList({ team, kind, wanted, current, by: byAdmin(admin) });
    if (!refused) break;
    if (refused.reason === 'elsewhere') {
      throw new ConflictError(serverMessages.placedElsewhere(refused.tryout_number));
    }
    if (refused.reason === 'capacity')
      throw new BadRequestError(serverMessages.teamOverCapacity(team.capacity));
    if (refused.reason === 'published') throw new ConflictError(serverMessages.offersOutForPlacements);
    if (refused.reason === 'offered_alternates') {
      throw new ConflictError(serverMessages.offeredAlternatesKeepPlace);
    }
    if (attempt >= MAX_ATTEMPTS) throw new ConflictError(serverMessages.teamChangedMeanwhile);
  }
  log.info(kind === 'placed' ? 'team placements set' : 'team alternates set', {
    seasonId,
    count: wanted.length,
  });
  return teamWithPlayers(id);
}
