import { defineHandler } from '../http';
import { setSelection } from '../../services/registration/admin-table';

/** PATCH /admin/tryouts/{id}/selection: pending, selected or not selected, in any direction. */
export const handler = defineHandler('setSelection', (req) =>
  setSelection(req.params.id, req.body.result, req.user),
);
