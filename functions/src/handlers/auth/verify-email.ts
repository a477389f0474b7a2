import { defineHandler } from '../http';
import { verifyEmail } from '../../services/accounts/accounts';

/**
 * POST /auth/verify-email {token}: posted by the /verify-email screen with the token from the mail link's
 * fragment (never a URL, so no access log holds it); 400 when the link is invalid or expired.
 */
export const handler = defineHandler('verifyEmail', (req) => verifyEmail(req.body.token));
