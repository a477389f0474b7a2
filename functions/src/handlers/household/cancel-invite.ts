import { defineHandler } from '../http';
import { cancelGuardianInvite } from '../../services/households/guardians';

/** DELETE /household/invitations/{id}: cancels one of the household's waiting invitations (issue 36). */
export const handler = defineHandler('cancelGuardianInvite', (req) =>
  cancelGuardianInvite(req.user, req.params.id),
);
