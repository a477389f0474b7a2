import { defineHandler } from '../http';
import { getCriteria } from '../../services/tryout-night/evaluation';

/** GET /admin/seasons/{id}/criteria: what the season's evaluators score. */
export const handler = defineHandler('getCriteria', (req) => getCriteria(req.params.id));
