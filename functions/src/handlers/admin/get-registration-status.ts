import { defineHandler } from '../http';
import { getRegistrationStatus } from '../../services/seasons/admin-seasons';

/** GET /admin/seasons/{id}/registration: whether the season takes registrations. */
export const handler = defineHandler('getRegistrationStatus', (req) => getRegistrationStatus(req.params.id));
