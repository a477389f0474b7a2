import { defineHandler } from '../http';
import { getHouseholdTryouts } from '../../services/households/household-registrations';

/** GET /household/tryouts: each athlete of the caller's household with its registration, if any. */
export const handler = defineHandler('getHouseholdTryouts', (req) => getHouseholdTryouts(req.user));
