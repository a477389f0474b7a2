import { defineHandler } from '../http';
import { confirmEmailChange } from '../../services/account';

/** POST /auth/confirm-email-change: the new address's link; the account moves to it. */
export const handler = defineHandler('confirmEmailChange', (req) => confirmEmailChange(req.body.token));
