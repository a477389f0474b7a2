import { defineHandler } from '../http';
import { switchToCash } from '../../services/registration/switch-to-cash';

/** PATCH /household/tryouts/{id} {"payment_method":"cash"}: that athlete's registration, switched to cash. */
export const handler = defineHandler('updateHouseholdTryout', (req) => switchToCash(req.user, req.params.id));
