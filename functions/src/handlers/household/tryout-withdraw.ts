import { defineHandler } from '../http';
import { withdraw } from '../../services/registration/withdrawal';

/** POST /household/tryouts/{id}/withdraw: that athlete's registration, withdrawn before the first session. */
export const handler = defineHandler('withdrawHouseholdTryout', (req) => withdraw(req.user, req.params.id));
