import { defineHandler } from '../http';
import { handleStripeWebhook } from '../../services/money/payment-fulfilment';

/** POST /payments/webhook: Stripe's deliveries, checked against their signature on the raw body. */
export const handler = defineHandler('stripeWebhook', (req) =>
  handleStripeWebhook(req.rawBody, req.headers['stripe-signature'] ?? ''),
);
