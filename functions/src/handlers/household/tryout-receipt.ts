import { defineHandler, reply } from '../http';
import { getMyReceipt } from '../../services/tryout-documents';

/** GET /household/tryouts/{id}/receipt: that athlete's paid registration's receipt, a printable HTML page. */
export const handler = defineHandler('getHouseholdReceipt', async (req) =>
  reply.file(await getMyReceipt(req.user, req.params.id), {
    contentType: 'text/html; charset=utf-8',
    filename: 'summit-tryout-receipt.html',
  }),
);
