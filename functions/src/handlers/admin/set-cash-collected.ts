import { defineHandler } from '../http';
import { setCashCollected } from '../../services/registration/admin-table';

/** PATCH /admin/tryouts/{id}/cash: a cash registration's fee was collected on tryout day (or was not). */
export const handler = defineHandler('setCashCollected', (req) =>
  setCashCollected(req.params.id, req.body.collected, req.user),
);
