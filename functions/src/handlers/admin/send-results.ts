import { defineHandler } from '../http';
import { sendResults } from '../../services/result-mail';

/** POST /admin/tryouts/{seasonId}/send-results: queues every due result mail and answers at once. */
export const handler = defineHandler('sendResults', (req) => sendResults(req.params.seasonId, req.user));
