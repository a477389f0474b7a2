import { defineHandler, reply } from '../http';
import { createTeam } from '../../services/teams/teams';

/** POST /admin/seasons/{id}/teams: a new team (201). */
export const handler = defineHandler('createTeam', async (req) =>
  reply.created(await createTeam(req.user, req.params.id, req.body)),
);
