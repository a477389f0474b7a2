import { defineHandler } from '../http';
import { deleteTeam } from '../../services/teams/teams';

/** DELETE /admin/teams/{teamId}: only while nobody is placed on it or waits as its alternate. */
export const handler = defineHandler('deleteTeam', (req) => deleteTeam(req.user, req.params.teamId));
