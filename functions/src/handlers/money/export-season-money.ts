import { defineHandler, reply } from '../http';
import { exportSeasonMoney } from '../../services/money/season-money';

/** GET /admin/seasons/{id}/money.csv: every payment and refund of the season, as a CSV download (issue 46). */
export const handler = defineHandler('exportSeasonMoney', async (req) => {
  const { filename, csv } = await exportSeasonMoney(req.params.id, req.user);
  return reply.file(csv, { contentType: 'text/csv; charset=utf-8', filename });
});
