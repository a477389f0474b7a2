import { defineHandler } from '../http';
import { getMyTryout } from '../../services/registration/my-registration';

/** GET /tryouts/my: the caller's registration for the active season; 404 when not registered. */
export const handler = defineHandler('getMyTryout', (req) => getMyTryout(req.user));
