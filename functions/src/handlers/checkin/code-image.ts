import { defineHandler, reply } from '../http';
import { checkinQrImage } from '../../services/tryout-night/checkin-codes';

/** GET /checkin-codes/{code}: the code's QR image, for mail clients and receipts. */
export const handler = defineHandler('getCheckinQr', async (req) =>
  reply.binary(await checkinQrImage(req.params.code), {
    contentType: 'image/png',
    filename: 'check-in-code.png',
  }),
);
