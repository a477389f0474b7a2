import { refreshCookie } from '../../lib/cookies';
import { defineHandler, reply } from '../http';
import { refresh } from '../../services/accounts/sign-in-sessions';

/** POST /auth/refresh-token: rotates the cookie's refresh token and answers a new { token }. */
export const handler = defineHandler('refreshToken', async (req) => {
  const session = await refresh(req.cookies);
  return reply.ok(
    { token: session.token },
    { cookies: [refreshCookie(session.refreshToken, session.refreshMaxAgeSeconds)] },
  );
});
