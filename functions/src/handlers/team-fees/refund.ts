import { defineHandler } from '../http';
import { refundOffer } from '../../services/money/team-fee-refunds';

/** POST /admin/offers/{offerId}/refund: part or the rest of a team fee given back, once, never past what was paid. */
export const handler = defineHandler('refundOffer', (req) =>
  refundOffer(req.params.offerId, req.body, req.user),
);
