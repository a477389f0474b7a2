import { defineHandler } from '../http';
import { updateSeason } from '../../services/seasons/admin-seasons';

/** PATCH /admin/seasons/{id}: the season's name, fee, age year or sessions. */
export const handler = defineHandler('updateSeason', (req) =>
  updateSeason(req.params.id, req.body, req.user),
);
