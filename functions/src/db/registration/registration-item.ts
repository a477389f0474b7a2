/**
 * A registration item's shape and its mapper (issue 35: one place, named for what it holds): every module
 * that reads or writes registrations imports RegistrationItem from here.
 */
import type {
  GuardianContact,
  AgeGroup,
  EmergencyContactRelationship,
  PaymentMethod,
  PaymentStatus,
  TryoutResult,
  WithdrawnBy,
} from '@club/shared';

export type { WithdrawnBy };

/** One step of a registration's payment, kept so an operator can see how it got where it is. */
export interface PaymentHistoryEntry {
  status: PaymentStatus;
  /** The Stripe event id that made the change, or 'confirm' / 'checkout' when a read of the session did. */
  source: string;
  at: string;
}

export interface RegistrationItem {
  /** The public id (shared ids.ts tryoutId): `<seasonId>.<playerId>`. */
  id: string;
  season_id: string;
  /** Who tries out. Registrations made before households have none stored: their player is their account. */
  player_id: string;
  /** The account that registered the player, pays and follows the registration. */
  user_id: string;
  tryout_number: number;
  age_group: AgeGroup;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  /** The season's fee when the player registered: what a card checkout charges. */
  amount_cents: number;
  attended: boolean;
  result: TryoutResult | '';
  email_sent: boolean;
  created_at: string;
  // The player's details when they registered, so the admin table is one Query, never a read per row.
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string;
  is_under_18: boolean;
  parent_consent: boolean;
  phone_number: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_email: string;
  emergency_contact_relationship: EmergencyContactRelationship;
  // Card registrations only.
  /** The current checkout attempt (1 at registration, +1 per "pay again"): part of its idempotency key. */
  checkout_attempt?: number;
  /** When the current attempt's session expires (epoch seconds; not the item's TTL). */
  checkout_expires_at?: number;
  /** The current attempt's session, once created; removed when it expires. */
  checkout_session_id?: string;
  /**
   * The family checkout this registration's first attempt belongs to (db/money/payments.ts CheckoutGroup): one
   * session for the registrations a guardian made together. Removed when "pay again" starts its own attempt.
   */
  checkout_group_id?: string;
  paid_at?: string;
  payment_intent_id?: string;
  paid_session_id?: string;
  payment_history?: PaymentHistoryEntry[];
  /** The family withdrew (the number stays retired); cleared when an admin reinstates it. */
  withdrawn?: boolean;
  withdrawn_at?: string;
  /** Who withdrew it: a guardian or the player by name, or the account's deletion (absent before issue 42). */
  withdrawn_by?: WithdrawnBy;
  // Refunds (db/money/refunds.ts). Absent attributes read as 0 / none.
  /** Every refund asked for, pending ones included: what keeps the total refunded within what was paid. */
  refund_reserved_cents?: number;
  /** The refunds that went through. */
  amount_refunded_cents?: number;
  /** A card payment's dispute, as Stripe last reported it (e.g. 'needs_response', 'lost', 'won'). */
  dispute_status?: string;
  dispute_id?: string;
  disputed_at?: string;
  /**
   * Refunded in Stripe's dashboard beyond what the family payment's registrations could hold (issue 34): the
   * admin's screen shows it to reconcile with Stripe.
   */
  unreconciled_refund_cents?: number;
  unreconciled_refund_ids?: Set<string>;
  /** When the player was first marked in (issue 37: at the door, or by the admin's toggle), and by whom. */
  checked_in_at?: string;
  checked_in_by?: string;
  /** The evaluators who scored the player (issue 37: the family sees how many, never the scores). */
  seen_by?: Set<string>;
  // Cash registrations: when the admin marked the cash collected (payment_status 'paid').
  cash_collected_at?: string;
  // Interac e-Transfer registrations (issue 46, db/money/etransfers.ts).
  /** The code the family puts in the e-Transfer's message (its ETREF item says whose it is). */
  etransfer_reference?: string;
  /** When the e-Transfer was recorded received (payment_status 'paid'): by the admin's hand or an import. */
  etransfer_paid_at?: string;
  /** The bank's reference of the e-Transfer (the imported line's, or what the admin typed), when known. */
  etransfer_bank_reference?: string;
  /** The imported bank line that paid it; absent when marked by hand. */
  etransfer_row_id?: string;
  /** When the family's "e-Transfer received" mail was claimed (once per payment, family-mail queue). */
  etransfer_mailed_at?: string;
  /**
   * The guardians of the athlete's household, kept current as guardians join and leave (issue 17); absent on
   * a registration made before households: its account is its one guardian (guardiansOfRow).
   */
  guardians?: GuardianContact[];
  /**
   * The season's waiver as the family accepted it (issue 36): which version, the full name typed, when and by
   * which account. Absent for a season without a waiver.
   */
  waiver?: { version: number; signed_name: string; accepted_at: string; accepted_by: string };
  /** Whether the club may use photos and video of the athlete this season (issue 36); absent: not asked. */
  photo_consent?: boolean;
  /** The family asked about financial support (issue 36): the admin may set a lower fee before it is paid. */
  financial_support_requested?: boolean;
  /**
   * The family asked about financial support and chose card (issue 42, decision 0065): no checkout is opened
   * until the club answers with the fee (PATCH /admin/tryouts/{id}/fee), which removes it. Absent: ordinary.
   */
  held_for_support?: boolean;
  /** What Stripe kept of its card payment (issue 46: its share of a family payment's), when Stripe said. */
  stripe_fee_cents?: number;
  /** The card its payment was made with (issue 36: the receipt names it), when Stripe said. */
  card_brand?: string;
  card_last4?: string;
  /** When an admin set this registration's fee (financial support), and who: audited too. */
  fee_set_at?: string;
  /**
   * The athlete's medical notes (issue 36), copied at registration and kept current with the athlete; shown
   * to administrators only, never in the CSV unless asked, removed with the athlete's identity.
   */
  medical_notes?: string;
  /** The registration's confirmation mail: claimed (then sent) once the registration is complete. */
  confirmation_mailed_at?: string;
  // The result and its mail (db/mail/result-mail.ts). Absent attributes read as 0 / none.
  /** Goes up at every change of `result`, so a mail asked for an older result is never sent. */
  result_version?: number;
  /** The mail's last claim and its outcome; absent = not tried (email_sent says whether it went out). */
  mail_state?: ResultMailState;
  /** The round (or resend) that last claimed it: no message of that round or an older one claims it again. */
  mail_round?: string;
  /** The claim's token and its lease's end, epoch ms, while a sender holds it. */
  mail_claim?: string;
  mail_lease_until?: number;
  /** Why the mail failed: the mail service's refusal, or 'unconfirmed:…' (its answer never came). */
  mail_error?: string;
  /** The result_version that was mailed, and when. */
  mailed_version?: number;
  mailed_at?: string;
}

/** A result mail's claim on its row and its outcome: sending (claimed) → sent, or failed. */
export type ResultMailState = 'sending' | 'sent' | 'failed';

export type NewRegistration = Omit<RegistrationItem, 'tryout_number'>;

/** A registration item without its table keys (a registration stored without a player id is its account's). */
export function toRegistration(item: Record<string, unknown>): RegistrationItem {
  const { PK: _pk, SK: _sk, GSI1PK: _gpk, GSI1SK: _gsk, type: _type, ...tryout } = item;
  return { ...tryout, player_id: (item.player_id ?? item.user_id) as string } as unknown as RegistrationItem;
}

/** The guardians a registration's mail goes to: its stored ones, else its account (made before households). */
export function guardiansOfRow(
  tryout: Pick<RegistrationItem, 'guardians' | 'first_name' | 'last_name' | 'email' | 'phone_number'>,
): GuardianContact[] {
  if (tryout.guardians?.length) return tryout.guardians;
  return [
    {
      name: `${tryout.first_name} ${tryout.last_name}`,
      email: tryout.email,
      phone_number: tryout.phone_number,
    },
  ];
}
