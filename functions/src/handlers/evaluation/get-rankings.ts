import { defineHandler, reply } from '../http';
import { rankings, rankingsCsv } from '../../services/tryout-night/rankings';

/** GET /admin/seasons/{id}/rankings?age_group=: the group's players ranked; `&format=csv` as a spreadsheet. */
export const handler = defineHandler('getRankings', async (req) => {
  const ranked = await rankings(req.params.id, req.query.age_group);
  if (req.query.format !== 'csv') return ranked;
  return reply.file(rankingsCsv(ranked), {
    contentType: 'text/csv; charset=utf-8',
    filename: `${req.query.age_group.toLowerCase().replace(/\s+/g, '-')}-rankings.csv`,
  });
});
