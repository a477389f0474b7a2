import { defineHandler } from '../http';
import { declineOffer } from '../../services/offers/offers';

/** POST /offers/{offerId}/decline: the family says no; the place goes to the next alternate. */
export const handler = defineHandler('declineOffer', (req) =>
  declineOffer(req.user, req.params.offerId, req.body),
);
