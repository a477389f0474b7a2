import { defineHandler } from '../http';
import { setCriteria } from '../../services/tryout-night/evaluation';

/** PUT /admin/seasons/{id}/criteria: the criteria and the scale. */
export const handler = defineHandler('setCriteria', (req) => setCriteria(req.user, req.params.id, req.body));
