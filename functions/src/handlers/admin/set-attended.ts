import { defineHandler } from '../http';
import { setAttended } from '../../services/registration/admin-table';

/** PATCH /admin/tryouts/{id}/attended: the player came (or did not) to the tryout. */
export const handler = defineHandler('setAttended', (req) =>
  setAttended(req.params.id, req.body.attended, req.user),
);
