import { defineHandler } from '../http';
import { resetPassword } from '../../services/accounts/accounts';

/**
 * POST /auth/reset-password {token, password}: sets the new password, signs out every session, mails the
 * owner. The token comes from the mail link's fragment, in the body: no access log holds it.
 */
export const handler = defineHandler('resetPassword', (req) =>
  resetPassword(req.body.token, req.body.password),
);
