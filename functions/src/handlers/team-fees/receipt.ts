import { defineHandler, reply } from '../http';
import { getOfferReceipt } from '../../services/money/team-fee-receipt';

/** GET /offers/{offerId}/receipt: the paid team fee's receipt, a printable HTML page. */
export const handler = defineHandler('getOfferReceipt', async (req) =>
  reply.file(await getOfferReceipt(req.user, req.params.offerId), {
    contentType: 'text/html; charset=utf-8',
    filename: 'summit-team-fee-receipt.html',
  }),
);
