import { defineHandler } from '../http';
import { checkIn } from '../../services/tryout-night/checkin';

/** POST /checkin/{seasonId}/tryouts/{id}: in or not, and the cash taken, in one tap. */
export const handler = defineHandler('checkIn', (req) =>
  checkIn(req.helper, req.params.seasonId, req.params.id, req.body),
);
