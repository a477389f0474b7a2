import { defineHandler } from '../http';
import { myGrants } from '../../services/tryout-night/volunteers';

/** GET /helpers/me: the seasons and jobs the signed-in account helps with now. */
export const handler = defineHandler('myHelperGrants', (req) => myGrants(req.user));
