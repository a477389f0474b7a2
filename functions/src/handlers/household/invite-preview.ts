import { defineHandler } from '../http';
import { previewGuardianInvite } from '../../services/households/guardians';

/** POST /household/guardians/preview {token}: who invited, the children, the invited address (issue 36). */
export const handler = defineHandler('previewGuardianInvite', (req) => previewGuardianInvite(req.body.token));
