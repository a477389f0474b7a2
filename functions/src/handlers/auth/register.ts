import { defineHandler, reply } from '../http';
import { register } from '../../services/accounts/accounts';

/** POST /auth/register: creates the account and mails a verification link; same answer for a taken e-mail. */
export const handler = defineHandler('register', async (req) =>
  reply.created(await register(req.body, { ip: req.sourceIp })),
);
