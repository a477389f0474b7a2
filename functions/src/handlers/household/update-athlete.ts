import { defineHandler } from '../http';
import { updateAthlete } from '../../services/households/households';

/** PATCH /household/athletes/{id}: changes an athlete of the caller's household. */
export const handler = defineHandler('updateAthlete', (req) =>
  updateAthlete(req.user, req.params.id, req.body),
);
