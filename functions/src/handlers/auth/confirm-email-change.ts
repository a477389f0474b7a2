import { defineHandler } from '../http';
import { confirmEmailChange } from '../../services/accounts/account-page';

/** POST /auth/confirm-email-change: the new address's link; the account moves to it. */
export const handler = defineHandler('confirmEmailChange', (req) => confirmEmailChange(req.body.token));
