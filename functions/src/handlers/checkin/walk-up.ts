import { defineHandler, reply } from '../http';
import { registerWalkUp } from '../../services/tryout-night/walk-ups';

/** POST /checkin/{seasonId}/walk-ups: registers, takes the cash and checks in a family at the door. */
export const handler = defineHandler('registerWalkUp', async (req) =>
  reply.created(await registerWalkUp(req.helper, req.params.seasonId, req.body)),
);
