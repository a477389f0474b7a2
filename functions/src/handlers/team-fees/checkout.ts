import { defineHandler } from '../http';
import { startOfferCheckout } from '../../services/money/team-fee-checkout';

/** POST /offers/{offerId}/checkout: a Stripe Checkout page for an accepted offer's team fee (its own amount). */
export const handler = defineHandler('startOfferCheckout', (req) =>
  startOfferCheckout(req.user, req.params.offerId),
);
