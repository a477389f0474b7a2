import { defineHandler, reply } from '../http';
import { inviteHelper } from '../../services/tryout-night/volunteers';

/** POST /admin/seasons/{id}/helpers: mails a helper's invitation; answers the season's list. */
export const handler = defineHandler('inviteHelper', async (req) =>
  reply.created(await inviteHelper(req.user, req.params.id, req.body)),
);
