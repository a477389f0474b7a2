import { defineHandler } from '../http';
import { updateAccount } from '../../services/accounts/account-page';

/** PATCH /account: the account holder's name and phone. */
export const handler = defineHandler('updateAccount', (req) => updateAccount(req.user, req.body));
