import { defineHandler } from '../http';
import { rankings } from '../../services/rankings';

/** GET /admin/seasons/{id}/rankings?age_group=: the group's players ranked from their scores. */
export const handler = defineHandler('getRankings', (req) => rankings(req.params.id, req.query.age_group));
