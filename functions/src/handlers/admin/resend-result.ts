import { defineHandler } from '../http';
import { resendResult } from '../../services/mail/result-mail';

/** POST /admin/tryouts/{id}/resend-result: mails that registrant's result again, now. */
export const handler = defineHandler('resendResult', (req) => resendResult(req.params.id, req.user));
