import { defineHandler } from '../http';
import { withdraw } from '../../services/registration/withdrawal';

/** POST /tryouts/my/withdraw: the caller's registration, withdrawn before the season's first session. */
export const handler = defineHandler('withdrawMyTryout', (req) => withdraw(req.user));
