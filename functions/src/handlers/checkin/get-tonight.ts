import { defineHandler } from '../http';
import { tonight } from '../../services/tryout-night/checkin';

/** GET /checkin/{seasonId}/tonight: tonight's sessions and their players, for the door. */
export const handler = defineHandler('getTonight', (req) => tonight(req.params.seasonId));
