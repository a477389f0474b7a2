/**
 * Teams (issue 45 §2, §5): a season's teams, placing players and ordering alternates, the roster as the admin
 * reads, downloads and prints it, and a coach's view of their one team. Part of the one route table, routes.ts.
 */
import { answer, type FileAnswer, type RouteDefinition } from './route-definition';
import type * as T from '../teams';

export const teamRoutes = {
  listTeams: {
    method: 'GET',
    path: '/admin/seasons/{id}/teams',
    access: 'admin',
    handler: 'teams/list-teams',
    table: 'read',
    params: 'SeasonParamsSchema',
    answer: answer<T.TeamWithPlayers[]>(),
  },
  createTeam: {
    method: 'POST',
    path: '/admin/seasons/{id}/teams',
    access: 'admin',
    handler: 'teams/create-team',
    table: 'write',
    params: 'SeasonParamsSchema',
    body: 'TeamCreateSchema',
    answer: answer<T.Team>(),
  },
  updateTeam: {
    method: 'PATCH',
    path: '/admin/teams/{teamId}',
    access: 'admin',
    handler: 'teams/update-team',
    table: 'write',
    params: 'TeamParamsSchema',
    body: 'TeamUpdateSchema',
    answer: answer<T.Team>(),
  },
  /** Only while nobody is placed on the team or waits as its alternate (409 otherwise). */
  deleteTeam: {
    method: 'DELETE',
    path: '/admin/teams/{teamId}',
    access: 'admin',
    handler: 'teams/delete-team',
    table: 'write',
    params: 'TeamParamsSchema',
    answer: answer<T.TeamWithPlayers[]>(),
  },
  setTeamPlacements: {
    method: 'PUT',
    path: '/admin/teams/{teamId}/placements',
    access: 'admin',
    handler: 'teams/set-placements',
    table: 'write',
    params: 'TeamParamsSchema',
    body: 'TeamPlacementsSchema',
    answer: answer<T.TeamWithPlayers>(),
  },
  setTeamAlternates: {
    method: 'PUT',
    path: '/admin/teams/{teamId}/alternates',
    access: 'admin',
    handler: 'teams/set-alternates',
    table: 'write',
    params: 'TeamParamsSchema',
    body: 'TeamAlternatesSchema',
    answer: answer<T.TeamWithPlayers>(),
  },
  getTeamRoster: {
    method: 'GET',
    path: '/admin/teams/{teamId}/roster',
    access: 'admin',
    handler: 'teams/get-roster',
    table: 'read',
    params: 'TeamParamsSchema',
    answer: answer<T.TeamRoster>(),
  },
  /** The roster as a spreadsheet, formula-safe like the admin's registrations CSV. */
  exportTeamRoster: {
    method: 'GET',
    path: '/admin/teams/{teamId}/roster.csv',
    access: 'admin',
    handler: 'teams/export-roster',
    // Writes its audit entry: who took the families' details away in a file.
    table: 'write',
    params: 'TeamParamsSchema',
    answer: answer<FileAnswer>(),
  },
  /** A coach's one team (issue 45 §5): only the team their grant names; any other is a 403. */
  getCoachRoster: {
    method: 'GET',
    path: '/coach/teams/{teamId}/roster',
    access: 'coach',
    handler: 'teams/coach-roster',
    table: 'read',
    params: 'TeamParamsSchema',
    answer: answer<T.CoachRoster>(),
  },
} as const satisfies Record<string, RouteDefinition>;
