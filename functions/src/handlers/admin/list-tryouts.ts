import { defineHandler } from '../http';
import { listTryouts } from '../../services/registration/admin-table';

/** GET /admin/tryouts?season_id=: the season's registrations by tryout number. */
export const handler = defineHandler('listTryouts', (req) => listTryouts(req.query.season_id));
