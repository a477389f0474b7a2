import { defineHandler } from '../http';
import { refundTryout } from '../../services/money/refunds';

/** POST /admin/tryouts/{id}/refund: part or the rest of what a registration paid, given back once. */
export const handler = defineHandler('refundTryout', (req) =>
  refundTryout(req.params.id, req.body, req.user),
);
