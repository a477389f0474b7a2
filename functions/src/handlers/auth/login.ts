import { LoginSchema } from '@club/shared';
import { refreshCookie } from '../../lib/cookies';
import { defineHandler, reply } from '../../lib/http';
import { login } from '../../services/sessions';

/** POST /auth/login: { token } and the refresh cookie. */
export const handler = defineHandler('login', { body: LoginSchema }, async (req) => {
  const session = await login(req.body, { ip: req.sourceIp });
  return reply.ok({ token: session.token }, { cookies: [refreshCookie(session.refreshToken)] });
});
