import { defineHandler } from '../http';
import { startCheckout } from '../../services/money/checkout';

/** POST /payments/checkout: a new checkout URL for the caller's unpaid card registration ("pay again"). */
export const handler = defineHandler('startCheckout', (req) => startCheckout(req.user));
