import { defineHandler } from '../http';
import { acceptHelper } from '../../services/tryout-night/volunteers';

/** POST /helpers/accept: the invited account takes the job; answers its grants. */
export const handler = defineHandler('acceptHelper', (req) => acceptHelper(req.user, req.body.token));
