import { defineHandler } from '../http';
import { startCheckout } from '../../services/money/checkout';

/** POST /household/tryouts/{id}/checkout: a checkout URL for that athlete's unpaid card registration. */
export const handler = defineHandler('startHouseholdCheckout', (req) =>
  startCheckout(req.user, req.params.id),
);
