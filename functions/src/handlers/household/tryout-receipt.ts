import { defineHandler, reply } from '../http';
import { getMyReceipt, getMyReceiptPdf } from '../../services/registration/registration-documents';

/**
 * GET /household/tryouts/{id}/receipt: the receipt of the payment that athlete's registration was paid by,
 * a printable HTML page, or with `?format=pdf` the same as a PDF (issue 36).
 */
export const handler = defineHandler('getHouseholdReceipt', async (req) =>
  req.query.format === 'pdf'
    ? reply.binary(await getMyReceiptPdf(req.user, req.params.id), {
        contentType: 'application/pdf',
        filename: 'summit-tryout-receipt.pdf',
      })
    : reply.file(await getMyReceipt(req.user, req.params.id), {
        contentType: 'text/html; charset=utf-8',
        filename: 'summit-tryout-receipt.html',
      }),
);
