import { defineHandler } from '../http';
import { deleteAthlete } from '../../services/households/households';

/** DELETE /household/athletes/{id}: removes an athlete of the caller's household. */
export const handler = defineHandler('deleteAthlete', (req) => deleteAthlete(req.user, req.params.id));
