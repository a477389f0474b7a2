import { refreshCookie } from '../../lib/cookies';
import { defineHandler, reply } from '../http';
import { warmPasswordVerifier } from '../../services/accounts/passwords';
import { login } from '../../services/accounts/sign-in-sessions';

// A cold sign-in with an unknown e-mail must not be the one that pays for building the dummy hash
// (that would make it slower than a known one), so the login function builds it at init.
warmPasswordVerifier();

/** POST /auth/login: { token } and the refresh cookie. */
export const handler = defineHandler('login', async (req) => {
  const session = await login(req.body, { ip: req.sourceIp });
  return reply.ok(
    { token: session.token },
    { cookies: [refreshCookie(session.refreshToken, session.refreshMaxAgeSeconds)] },
  );
});
