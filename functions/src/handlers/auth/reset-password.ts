import { ResetPasswordBodySchema, ResetPasswordParamsSchema } from '@club/shared';
import { defineHandler } from '../../lib/http';
import { resetPassword } from '../../services/accounts';

/** POST /auth/reset-password/{token}: sets the new password, signs out every session, mails the owner. */
export const handler = defineHandler(
  'resetPassword',
  { body: ResetPasswordBodySchema, params: ResetPasswordParamsSchema },
  (req) => resetPassword(req.params.token, req.body.password),
);
