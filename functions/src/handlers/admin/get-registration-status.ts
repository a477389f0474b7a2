import { SeasonParamsSchema } from '@club/shared';
import { defineHandler } from '../http';
import { getRegistrationStatus } from '../../services/admin-seasons';

/** GET /admin/seasons/{id}/registration: whether the season takes registrations. */
export const handler = defineHandler('getRegistrationStatus', { params: SeasonParamsSchema }, (req) =>
  getRegistrationStatus(req.params.id),
);
