import { defineHandler } from '../http';
import { confirmPayment } from '../../services/money/payment-fulfilment';

/** GET /payments/confirm?session_id=…: the success page's check of the caller's checkout session. */
export const handler = defineHandler('confirmPayment', (req) =>
  confirmPayment(req.user, req.query.session_id),
);
