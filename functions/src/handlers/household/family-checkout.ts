import { defineHandler } from '../http';
import { startFamilyCheckout } from '../../services/money/family-checkout';

/** POST /household/checkout: one checkout page for all the household's unpaid card registrations. */
export const handler = defineHandler('startFamilyCheckout', (req) => startFamilyCheckout(req.user));
