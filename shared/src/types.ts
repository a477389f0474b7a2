/** The shapes the API answers with (spec §3). The server builds them; the web reads them. */
import type { AgeGroup, EmergencyContactRelationship, PaymentMethod, TryoutResult } from './constants';

/** The signed-in user, as read from the access token. */
export interface SessionUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_admin: boolean;
}

/** Claims of the access token (JWT). */
export interface AccessTokenClaims {
  sub: string;
  first_name: string;
  last_name: string;
  email: string;
  is_admin: boolean;
}

export interface Season {
  id: string;
  name: string;
  is_active: boolean;
  age_groups: AgeGroup[];
  is_registration_open: boolean;
  /** The tryout fee a card payment charges, in integer cents of CAD; decided here, never by a request. */
  tryout_fee_cents: number;
  /**
   * The year the age groups are counted from: a player fits "15U" when born in reference_year − 15 or later
   * (2025: 13U 2012, 15U 2010, 16U 2009, 17U 2008, 18U 2007, spec §5).
   */
  reference_year: number;
}

/**
 * Where a registration's payment stands.
 * - cash: to be paid in cash on tryout day (reads as "Cash").
 * - pending: a card payment not made yet (checkout open, cancelled or expired): payable from the dashboard.
 * - processing: checkout completed with a payment method that settles later; no new checkout is offered.
 * - paid: the card payment (or, once collected, the cash) is in. Never moves backwards.
 * - failed: the card payment failed: payable again.
 */
export type PaymentStatus = 'cash' | 'pending' | 'processing' | 'paid' | 'failed';

/** GET /tryouts/my: the signed-in player's registration for the active season (404 when none). */
export interface MyTryout {
  hasRegistered: boolean;
  season: string | null;
  tryout_number: number | null;
  result: TryoutResult | '';
  payment_method: PaymentMethod | null;
  payment_status: PaymentStatus | null;
  /** The season's team link for the player's age group, only once the player is selected. */
  teamsnap_link: string | null;
  age_group: AgeGroup | null;
}

/** POST /tryouts/register: the new registration; `url` (card) is the checkout page to send the browser to. */
export interface TryoutRegistrationAnswer {
  tryout: MyTryout;
  url?: string;
}

/** POST /payments/checkout: a fresh checkout page for the player's unpaid card registration. */
export interface CheckoutAnswer {
  url: string;
}

/** GET /payments/confirm: where the registration's payment stands after the checkout session was checked. */
export interface PaymentConfirmation {
  payment_status: PaymentStatus;
}

/** One row of the admin tryout table. */
export interface AdminTryoutRow {
  id: string;
  tryout_number: number;
  first_name: string;
  last_name: string;
  age_group: AgeGroup;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  attended: boolean;
  result: TryoutResult | '';
  email_sent: boolean;
  date_of_birth: string;
  is_under_18: boolean;
  parent_consent: boolean;
  email: string;
  phone_number: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_relationship: EmergencyContactRelationship;
  emergency_contact_email: string;
}

/** Every error answer of the API. */
export interface ErrorBody {
  message: string;
  errors?: Array<{ field?: string; msg: string }>;
}
