import { defineHandler } from '../http';
import { sendResults } from '../../services/mail/result-mail';

/**
 * POST /admin/tryouts/{seasonId}/send-results: queues every due result mail and answers at once; refused
 * while a group to be mailed still has a tryout session ahead, unless `?sessions_ahead=send` confirms it.
 */
export const handler = defineHandler('sendResults', (req) =>
  sendResults(req.params.seasonId, req.user, { sessionsAhead: req.query.sessions_ahead }),
);
