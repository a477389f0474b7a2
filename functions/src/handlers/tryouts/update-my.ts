import { defineHandler } from '../http';
import { switchToCash } from '../../services/tryouts';

/** PATCH /tryouts/my {"payment_method":"cash"}: the caller's registration, switched to cash. */
export const handler = defineHandler('updateMyTryout', (req) => switchToCash(req.user));
