import { defineHandler } from '../http';
import { getAccount } from '../../services/accounts/account-page';

/** GET /account: the signed-in account's own details. */
export const handler = defineHandler('getAccount', (req) => getAccount(req.user));
