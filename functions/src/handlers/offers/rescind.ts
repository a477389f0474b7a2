import { defineHandler } from '../http';
import { rescindOffer } from '../../services/offers/offers';

/** POST /admin/offers/{offerId}/rescind: the club takes an offer back (or ends it as expired), audited. */
export const handler = defineHandler('rescindOffer', (req) =>
  rescindOffer(req.params.offerId, req.body, req.user),
);
