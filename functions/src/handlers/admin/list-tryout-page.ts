import { defineHandler } from '../http';
import { listTryoutPage } from '../../services/registration/admin-table';

/** GET /admin/tryouts/page?season_id=&cursor=&limit=: one page of the season's registrations (issue 43). */
export const handler = defineHandler('listTryoutPage', (req) =>
  listTryoutPage(req.query.season_id, { cursor: req.query.cursor, limit: req.query.limit }),
);
