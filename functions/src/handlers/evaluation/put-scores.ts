import { defineHandler } from '../http';
import { putScores } from '../../services/tryout-night/evaluation';

/** PUT /evaluate/{seasonId}/scores: a device's batch of scores, the latest of each winning. */
export const handler = defineHandler('putScores', (req) =>
  putScores(req.helper, req.params.seasonId, req.body),
);
