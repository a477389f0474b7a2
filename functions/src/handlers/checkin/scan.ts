import { defineHandler } from '../http';
import { scan } from '../../services/tryout-night/checkin';

/** POST /checkin/{seasonId}/scan: checks in the player a QR code (or a typed number) names. */
export const handler = defineHandler('scanCheckin', (req) =>
  scan(req.helper, req.params.seasonId, req.body.code),
);
