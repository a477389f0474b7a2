import { defineHandler } from '../http';
import { resendVerification } from '../../services/accounts/accounts';

/** POST /auth/resend-verification: { success, message }, the same for any e-mail. */
export const handler = defineHandler('resendVerification', (req) =>
  resendVerification(req.body, { ip: req.sourceIp }),
);
