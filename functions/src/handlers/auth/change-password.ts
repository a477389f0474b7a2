import { defineHandler } from '../http';
import { changePassword } from '../../services/accounts/account-page';

/** POST /auth/change-password: a new password while signed in; other sessions end, this one goes on. */
export const handler = defineHandler('changePassword', (req) =>
  changePassword(req.user, req.body, req.cookies),
);
