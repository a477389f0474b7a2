import { defineHandler } from '../http';
import { inviteGuardian } from '../../services/households/guardians';

/** POST /household/guardians: mails an invitation to join the caller's household. */
export const handler = defineHandler('inviteGuardian', (req) => inviteGuardian(req.user, req.body.email));
