import { clearedRefreshCookie } from '../../lib/cookies';
import { defineHandler, reply } from '../http';
import { logout } from '../../services/accounts/sign-in-sessions';

/** POST /auth/logout: revokes the session and clears the cookie. */
export const handler = defineHandler('logout', async (req) => {
  await logout(req.cookies);
  return reply.noContent({ cookies: [clearedRefreshCookie()] });
});
