import { defineHandler } from '../http';
import { updateTeam } from '../../services/teams/teams';

/** PATCH /admin/teams/{teamId}: any of a team's settings. */
export const handler = defineHandler('updateTeam', (req) =>
  updateTeam(req.user, req.params.teamId, req.body),
);
