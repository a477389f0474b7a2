import { defineHandler } from '../http';
import { getHousehold } from '../../services/households/households';

/** GET /household: the caller's household, its guardians and athletes. */
export const handler = defineHandler('getHousehold', (req) => getHousehold(req.user));
