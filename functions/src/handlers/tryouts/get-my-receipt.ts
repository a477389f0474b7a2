import { defineHandler, reply } from '../http';
import { getMyReceipt } from '../../services/tryout-documents';

/** GET /tryouts/my/receipt: the caller's paid registration's receipt, a printable HTML page. */
export const handler = defineHandler('getMyReceipt', async (req) =>
  reply.file(await getMyReceipt(req.user), {
    contentType: 'text/html; charset=utf-8',
    filename: 'summit-tryout-receipt.html',
  }),
);
