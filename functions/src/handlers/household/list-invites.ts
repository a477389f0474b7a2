import { defineHandler } from '../http';
import { listGuardianInvites } from '../../services/households/guardians';

/** GET /household/invitations: the household's invitations still waiting (issue 36). */
export const handler = defineHandler('listGuardianInvites', (req) => listGuardianInvites(req.user));
