import { defineHandler } from '../http';
import { withdrawOffer } from '../../services/offers/team-fee-withdrawal';

/** POST /offers/{offerId}/withdraw: an accepted place given up; the next alternate is offered it. */
export const handler = defineHandler('withdrawOffer', (req) => withdrawOffer(req.user, req.params.offerId));
