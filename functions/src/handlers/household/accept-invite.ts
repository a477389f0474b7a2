import { defineHandler } from '../http';
import { acceptGuardianInvite } from '../../services/households/guardians';

/** POST /household/guardians/accept: the caller joins the household it was invited to. */
export const handler = defineHandler('acceptGuardianInvite', (req) =>
  acceptGuardianInvite(req.user, req.body.token),
);
