import { defineHandler, reply } from '../http';
import { createAdminSeason } from '../../services/seasons/admin-seasons';

/** POST /admin/seasons: a new season, made the active one. */
export const handler = defineHandler('createSeason', async (req) =>
  reply.created(await createAdminSeason(req.body, req.user)),
);
