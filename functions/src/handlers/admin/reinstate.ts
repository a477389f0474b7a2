import { defineHandler } from '../http';
import { reinstate } from '../../services/registration/admin-table';

/** POST /admin/tryouts/{id}/reinstate: a withdrawn registration back, with its own number. */
export const handler = defineHandler('reinstateTryout', (req) => reinstate(req.params.id, req.user));
