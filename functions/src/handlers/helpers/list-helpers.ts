import { defineHandler } from '../http';
import { listSeasonHelpers } from '../../services/tryout-night/volunteers';

/** GET /admin/seasons/{id}/helpers: the season's helpers and invitations. */
export const handler = defineHandler('listHelpers', (req) => listSeasonHelpers(req.params.id));
