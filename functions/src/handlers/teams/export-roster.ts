import { defineHandler, reply } from '../http';
import { exportTeamRoster } from '../../services/teams/roster';

/** GET /admin/teams/{teamId}/roster.csv: the roster as a spreadsheet-safe CSV download. */
export const handler = defineHandler('exportTeamRoster', async (req) => {
  const { filename, csv } = await exportTeamRoster(req.params.teamId, req.user);
  return reply.file(csv, { contentType: 'text/csv; charset=utf-8', filename });
});
