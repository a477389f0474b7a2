import { defineHandler } from '../http';
import { changeEmail } from '../../services/accounts/account-page';

/** POST /account/email: mails a confirmation link to the new address. */
export const handler = defineHandler('changeEmail', (req) => changeEmail(req.user, req.body));
