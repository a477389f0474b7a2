import { defineHandler } from '../http';
import { removeSeasonHelper } from '../../services/tryout-night/volunteers';

/** DELETE /admin/seasons/{id}/helpers/{helperId}: the helper's link and access end at once. */
export const handler = defineHandler('removeHelper', (req) =>
  removeSeasonHelper(req.params.id, req.params.helperId),
);
