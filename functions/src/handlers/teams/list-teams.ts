import { defineHandler } from '../http';
import { listTeams } from '../../services/teams/teams';

/** GET /admin/seasons/{id}/teams: the season's teams with their players and alternates. */
export const handler = defineHandler('listTeams', (req) => listTeams(req.params.id));
