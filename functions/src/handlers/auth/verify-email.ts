import { VerifyEmailQuerySchema } from '@club/shared';
import { defineHandler, reply } from '../../lib/http';
import { verifyEmail } from '../../services/accounts';

/** GET /auth/verify-email?token=…: the link in the mail; redirects to the confirmation or the invalid-link page. */
export const handler = defineHandler('verifyEmail', { query: VerifyEmailQuerySchema }, async (req) =>
  reply.redirect(await verifyEmail(req.query.token)),
);
