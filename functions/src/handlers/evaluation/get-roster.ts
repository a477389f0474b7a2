import { defineHandler } from '../http';
import { roster } from '../../services/tryout-night/evaluation';

/** GET /evaluate/{seasonId}/roster?age_group=: the evaluator's group, with their own scores. */
export const handler = defineHandler('getRoster', (req) =>
  roster(req.helper, req.params.seasonId, req.query.age_group),
);
