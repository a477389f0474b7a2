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
}

export type PaymentStatus = 'pending' | 'paid' | 'cash' | 'failed';

/** GET /tryouts/my */
export interface MyTryout {
  hasRegistered: boolean;
  season: string | null;
  tryout_number: number | null;
  result: TryoutResult | '';
  payment_method: PaymentMethod | null;
  payment_status: PaymentStatus | null;
  teamsnap_link: string | null;
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
