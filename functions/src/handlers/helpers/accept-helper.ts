import { defineHandler } from '../http';
import { acceptHelper } from '../../services/helpers';

/** POST /helpers/accept: the invited account takes the job; answers its grants. */
export const handler = defineHandler('acceptHelper', (req) => acceptHelper(req.user, req.body.token));
