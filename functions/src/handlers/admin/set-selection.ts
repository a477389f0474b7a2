import { SelectionSchema, TryoutParamsSchema } from '@club/shared';
import { defineHandler } from '../http';
import { setSelection } from '../../services/admin-tryouts';

/** PATCH /admin/tryouts/{id}/selection: pending, selected or not selected, in any direction. */
export const handler = defineHandler(
  'setSelection',
  { params: TryoutParamsSchema, body: SelectionSchema },
  (req) => setSelection(req.params.id, req.body.result),
);
