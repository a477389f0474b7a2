import { defineHandler } from '../http';
import { acceptOffer } from '../../services/offers/offers';

/** POST /offers/{offerId}/accept: the family takes the place, with the waiver's typed name. */
export const handler = defineHandler('acceptOffer', (req) =>
  acceptOffer(req.user, req.params.offerId, req.body),
);
