import { defineHandler, reply } from '../http';
import { getMyReceipt, getMyReceiptPdf } from '../../services/registration/registration-documents';

/**
 * GET /tryouts/my/receipt: the receipt of the payment the caller's registration was paid by, a printable HTML
 * page, or with `?format=pdf` the same as a PDF (issue 36).
 */
export const handler = defineHandler('getMyReceipt', async (req) =>
  req.query.format === 'pdf'
    ? reply.binary(await getMyReceiptPdf(req.user), {
        contentType: 'application/pdf',
        filename: 'summit-tryout-receipt.pdf',
      })
    : reply.file(await getMyReceipt(req.user), {
        contentType: 'text/html; charset=utf-8',
        filename: 'summit-tryout-receipt.html',
      }),
);
