import { defineHandler } from '../http';
import { getSendProgress } from '../../services/mail/result-mail';

/** GET /admin/tryouts/{seasonId}/send-results: how far the current round of result mail is. */
export const handler = defineHandler('getSendProgress', (req) => getSendProgress(req.params.seasonId));
