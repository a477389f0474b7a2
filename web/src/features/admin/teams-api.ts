/** The admin's team calls (issue 45): teams, placements, alternates and rosters. */
import type { TeamCreateInput, TeamUpdateInput } from '@club/shared/team-schemas';
import type { Team, TeamRoster, TeamWithPlayers } from '@club/shared/teams';
import { callApi, downloadApi, type DownloadedFile } from '../../lib/api-client';

export function listTeams(seasonId: string): Promise<TeamWithPlayers[]> {
  return callApi('listTeams', { params: { id: seasonId } });
}

export function createTeam(seasonId: string, input: TeamCreateInput): Promise<Team> {
  return callApi('createTeam', { params: { id: seasonId }, body: input });
}

export function updateTeam(teamId: string, input: TeamUpdateInput): Promise<Team> {
  return callApi('updateTeam', { params: { teamId }, body: input });
}

export function deleteTeam(teamId: string): Promise<TeamWithPlayers[]> {
  return callApi('deleteTeam', { params: { teamId } });
}

export function setPlacements(teamId: string, tryoutIds: string[]): Promise<TeamWithPlayers> {
  return callApi('setTeamPlacements', { params: { teamId }, body: { tryout_ids: tryoutIds } });
}

export function setAlternates(teamId: string, tryoutIds: string[]): Promise<TeamWithPlayers> {
  return callApi('setTeamAlternates', { params: { teamId }, body: { tryout_ids: tryoutIds } });
}

export function getTeamRoster(teamId: string): Promise<TeamRoster> {
  return callApi('getTeamRoster', { params: { teamId } });
}

export function downloadRoster(teamId: string): Promise<DownloadedFile> {
  return downloadApi('exportTeamRoster', 'text/csv', { params: { teamId } });
}

/**
 * Places a player on a team, keeping the team's others: its placed list plus one. A player who was one of
 * its alternates moves from that list (the server does it in the same write).
 */
export function placeOnTeam(team: TeamWithPlayers, tryoutId: string): Promise<TeamWithPlayers> {
  return setPlacements(team.id, [...team.placed_players.map((p) => p.tryout_id), tryoutId]);
}

/** Adds a player at the end of a team's alternates. */
export function addAlternate(team: TeamWithPlayers, tryoutId: string): Promise<TeamWithPlayers> {
  return setAlternates(team.id, [...team.alternate_players.map((p) => p.tryout_id), tryoutId]);
}
