import { defineHandler } from '../http';
import { setRegistrationStatus } from '../../services/seasons/admin-seasons';

/** PATCH /admin/seasons/{id}/registration: opens or closes the season's registration. */
export const handler = defineHandler('setRegistrationStatus', (req) =>
  setRegistrationStatus(req.params.id, req.body.open, req.user),
);
