import { defineHandler } from '../http';
import { switchToCash } from '../../services/registration/switch-to-cash';

/** PATCH /tryouts/my {"payment_method":"cash"}: the caller's registration, switched to cash. */
export const handler = defineHandler('switchMyTryoutToCash', (req) => switchToCash(req.user));
