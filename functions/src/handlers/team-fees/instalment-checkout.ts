import { defineHandler } from '../http';
import { startInstalmentCheckout } from '../../services/money/instalment-checkout';

/**
 * POST /offers/{offerId}/instalments/{n}/checkout: a Stripe Checkout page for one instalment of a team fee
 * (issue 46), its own amount.
 */
export const handler = defineHandler('startInstalmentCheckout', (req) =>
  startInstalmentCheckout(req.user, req.params.offerId, req.params.n),
);
