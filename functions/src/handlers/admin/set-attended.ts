import { AttendedSchema, TryoutParamsSchema } from '@club/shared';
import { defineHandler } from '../http';
import { setAttended } from '../../services/admin-tryouts';

/** PATCH /admin/tryouts/{id}/attended: the player came (or did not) to the tryout. */
export const handler = defineHandler(
  'setAttended',
  { params: TryoutParamsSchema, body: AttendedSchema },
  (req) => setAttended(req.params.id, req.body.attended),
);
