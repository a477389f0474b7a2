import { defineHandler } from '../http';
import { getSeasonWaitlist } from '../../services/registration/waitlist';

/** GET /admin/seasons/{id}/waitlist: each age group's capacity, spots taken and waitlist (issue 45). */
export const handler = defineHandler('getSeasonWaitlist', (req) => getSeasonWaitlist(req.params.id));
