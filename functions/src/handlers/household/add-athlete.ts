import { defineHandler, reply } from '../http';
import { addAthlete } from '../../services/households/households';

/** POST /household/athletes: a new athlete in the caller's household. */
export const handler = defineHandler('addAthlete', async (req) =>
  reply.created(await addAthlete(req.user, req.body)),
);
