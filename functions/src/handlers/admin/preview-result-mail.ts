import { defineHandler } from '../http';
import { previewResultMail } from '../../services/mail/result-mail';

/** GET /admin/tryouts/{seasonId}/result-mail-preview: the two result mails, before they are sent. */
export const handler = defineHandler('previewResultMail', (req) => previewResultMail(req.params.seasonId));
