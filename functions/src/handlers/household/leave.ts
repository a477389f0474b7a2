import { defineHandler } from '../http';
import { leaveHousehold } from '../../services/households/guardians';

/** DELETE /household/guardians/me: the caller leaves its household. */
export const handler = defineHandler('leaveHousehold', (req) => leaveHousehold(req.user));
