import { defineHandler } from '../http';
import { teamRoster } from '../../services/teams/roster';

/** GET /admin/teams/{teamId}/roster: the team's players with their families' details. */
export const handler = defineHandler('getTeamRoster', (req) => teamRoster(req.params.teamId));
