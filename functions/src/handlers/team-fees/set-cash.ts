import { defineHandler } from '../http';
import { setOfferCash } from '../../services/money/team-fee-cash';

/** PATCH /admin/offers/{offerId}/cash: the team fee was collected in cash (or was not), audited. */
export const handler = defineHandler('setOfferCash', (req) =>
  setOfferCash(req.params.offerId, req.body.collected, req.user),
);
