import { defineHandler, reply } from '../http';
import { registerForTryout } from '../../services/tryouts';

/** POST /tryouts/register: the new registration, and for a card payment the checkout URL to go to. */
export const handler = defineHandler('registerTryout', async (req) =>
  reply.created(await registerForTryout(req.user, req.body)),
);
