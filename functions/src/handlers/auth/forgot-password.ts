import { defineHandler } from '../http';
import { forgotPassword } from '../../services/accounts/accounts';

/** POST /auth/forgot-password: { success, message }, the same for any e-mail. */
export const handler = defineHandler('forgotPassword', (req) =>
  forgotPassword(req.body, { ip: req.sourceIp }),
);
