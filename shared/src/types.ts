/** The shapes the API answers with (spec §3). The server builds them; the web reads them. */
import type { OfferAnswer, OfferSettings } from './offers';
import type { TryoutStatus } from './waitlist';
import type { EtransferInstructions, EtransferSettings } from './etransfer';
import type {
  AgeGroup,
  Division,
  EmergencyContactRelationship,
  PaymentMethod,
  SessionKind,
  TryoutResult,
} from './constants';

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
   * What each further athlete of a household pays in this season (issue 17): the first athlete pays the fee,
   * each other one this, whether registered together or later. The fee itself unless the club sets less.
   */
  sibling_fee_cents: number;
  /**
   * The year the age groups are counted from: a player fits "15U" when born in reference_year − 15 or later
   * (2025: 13U 2012, 15U 2010, 16U 2009, 17U 2008, 18U 2007, spec §5).
   */
  reference_year: number;
  /** The season's tryout sessions (and open gyms), in Edmonton's local time, in the order the admin keeps. */
  sessions: TryoutSession[];
  /**
   * The day registration is planned to open (`YYYY-MM-DD`, Edmonton), shown while it is closed (issue 18);
   * null when the club has not said. Opening it is still the admin's switch.
   */
  registration_opens_on: string | null;
  /**
   * The waiver a family accepts to register (issue 36), '' when the club has none (then registering is as
   * spec §7 has it), and the version of it a family accepts.
   */
  waiver_text: string;
  waiver_version: number;
  /** What the club says about refunds, shown before a family withdraws; '' when it says nothing. */
  refund_policy: string;
  /**
   * Interac e-Transfer (issue 46): present once the admin set it; absent (never set) reads as off, so a
   * season that never turned it on answers as before.
   */
  etransfer?: EtransferSettings;
}

/**
 * GET, POST and DELETE /tryouts/opening-notice (issue 18): whether the signed-in account is on the list
 * mailed once when the admin opens registration.
 */
export interface OpeningNoticeStatus {
  subscribed: boolean;
}

/** GET and PATCH /account (issue 18): the signed-in account's own details. */
export interface AccountProfile {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  /** 'guardian' for a parent's or guardian's account (its athletes are in the household). */
  account_type: 'player' | 'guardian';
  /** A new address waiting for its confirmation link to be followed; null when none. */
  pending_email: string | null;
}

/** One session of a season: who it is for, when (Edmonton local time, `YYYY-MM-DDTHH:MM`) and where. */
export interface TryoutSession {
  /**
   * The session's own id (issue 36), given by the server when it is first saved and kept through every edit,
   * so a family's calendar and change mail follow the session when its day, time or gym moves.
   */
  id?: string;
  /** Goes up by one each time its day, time or gym changes (the calendar's SEQUENCE). */
  sequence?: number;
  /** A tryout unless it is an open gym (an open gym is shown on the public pages, not on a player's record). */
  kind: SessionKind;
  age_groups: AgeGroup[];
  starts_at: string;
  ends_at: string;
  /** The gym's name. */
  location: string;
  /** Its street address (a map link is made from it). */
  address: string;
}

/**
 * Where a registration's payment stands.
 * - cash: to be paid in cash on tryout day (reads as "Cash").
 * - pending: a card payment not made yet (checkout open, cancelled or expired): payable from the dashboard.
 * - processing: checkout completed with a payment method that settles later; no new checkout is offered.
 * - paid: the card payment (or, once collected, the cash) is in. Never moves backwards.
 * - failed: the card payment failed: payable again.
 * - partially_refunded / refunded: paid, and the club gave part / all of it back (answers only: the stored
 *   status stays 'paid', the refunds are counted beside it).
 * - disputed: paid by card, and the cardholder's bank opened a dispute (answers only, as above).
 * - awaiting_etransfer: to be paid by Interac e-Transfer (issue 46), not received yet; owed like cash.
 */
export type PaymentStatus =
  | 'cash'
  | 'pending'
  | 'processing'
  | 'paid'
  | 'failed'
  | 'partially_refunded'
  | 'refunded'
  | 'disputed'
  | 'awaiting_etransfer';

/** An athlete of a household (issue 17): who tries out. An account's own athlete has the account's id. */
export interface Athlete {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_email: string;
  emergency_contact_relationship: EmergencyContactRelationship;
  parent_consent: boolean;
  /** Which teams the athlete plays on (issue 36); left out until the family said. */
  division?: Division;
  /** Conditions, allergies, medication (issue 36): the family's and the club's administrators' only. */
  medical_notes?: string;
}

/** A guardian of a household: an account that sees and manages its athletes. */
export interface HouseholdGuardian {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** GET /household: the caller's household, as every one of its guardians sees it. */
export interface Household {
  guardians: HouseholdGuardian[];
  athletes: Athlete[];
}

/** One refund of a registration, as the admin and the receipt show it. */
export interface RefundRecord {
  /** The key the admin's screen made for it, or Stripe's refund id for one made in Stripe's dashboard. */
  key: string;
  amount_cents: number;
  /** 'cash' and 'etransfer' (issue 46) are money the club gave back itself: recorded as done at once. */
  method: 'stripe' | 'cash' | 'etransfer';
  /** pending: asked of Stripe, its answer not in yet; succeeded: the money went back. */
  status: 'pending' | 'succeeded';
  reason: string;
  created_at: string;
  /** Stripe's refund id (card refunds, once Stripe answered). */
  stripe_refund_id?: string;
  /**
   * The admin's own key while a card refund waits for Stripe (issue 34): what Player Details' Retry sends
   * again, so Stripe answers the same refund and never makes a second.
   */
  retry_key?: string;
  /** The instalment payment a team fee refund gave back from (issue 46: 1 to 4), for a fee paid in instalments. */
  instalment?: number;
}

/** POST /admin/tryouts/{id}/refund: the row after the refund (with its amounts), and the refund itself. */
export interface AdminRefundAnswer extends AdminTryoutRow {
  refund: RefundRecord;
}

/** What a registration has paid, had refunded and still owes, in cents (shared tryouts.ts amountsOf). */
export interface PaymentAmounts {
  amount_paid_cents: number;
  amount_refunded_cents: number;
  amount_due_cents: number;
}

/** GET /tryouts/my: the signed-in player's registration for the active season (404 when none). */
export interface MyTryout extends Partial<PaymentAmounts> {
  hasRegistered: boolean;
  season: string | null;
  tryout_number: number | null;
  result: TryoutResult | '';
  payment_method: PaymentMethod | null;
  payment_status: PaymentStatus | null;
  /** The season's team link for the player's age group, only once the player is selected. */
  teamsnap_link: string | null;
  age_group: AgeGroup | null;
  /** The tryout sessions of the player's age group, earliest first (none until the club sets them). */
  sessions?: TryoutSession[];
  /** The family withdrew (its number is retired, never reused); an admin can reinstate it. */
  withdrawn?: boolean;
  /**
   * Whether the family can still withdraw: not withdrawn, no result set (issue 36), and the season's first
   * session has not started.
   */
  withdrawal_open?: boolean;
  /** The season's refund policy, shown before a family confirms a withdrawal (issue 36); '' when none. */
  refund_policy?: string;
  /**
   * The family asked about financial support and chose card (issue 42): the card waits for the club's answer
   * (the fee, by e-mail); until then there is no checkout, and cash stays open. Present only while waiting.
   */
  support_answer_pending?: true;
  /**
   * Capacity and a waitlist (issue 45 §1): absent or 'registered' for a numbered registration; 'waitlisted'
   * while the group is full (no number, nothing to pay), with the family's place among those waiting and how
   * many wait, and, once a spot is held for it, until when (ISO): registering then takes it.
   */
  status?: TryoutStatus;
  waitlist_position?: number;
  waitlist_size?: number;
  spot_held_until?: string;
  /** The player's offer of a place on a team (issue 45), once the season's offers are out; absent when none. */
  offer?: OfferAnswer;
  /**
   * Paying by Interac e-Transfer (issue 46): where to send it, the exact amount and the code for the message,
   * while it is awaited; null once received (or withdrawn). Absent for every other payment method.
   */
  etransfer?: EtransferInstructions | null;
}

/** GET /household/tryouts: an athlete's registration for the active season (or none), by athlete. */
export interface HouseholdTryout extends MyTryout {
  athlete_id: string;
  /**
   * Tryout night (issue 37): the registration's check-in code (its QR code), absent once withdrawn; when the
   * player was checked in; and, once a session of their group has ended, how many evaluators saw them.
   */
  checkin_code?: string;
  checked_in_at?: string | null;
  seen_by?: number | null;
}

/** POST /tryouts/register: the new registration; `url` (card) is the checkout page to send the browser to. */
/**
 * POST /tryouts/register answered 202 (issue 43): the registrations are written and their tryout numbers
 * follow within a minute, on the dashboard; `message` says so.
 */
export interface TryoutRegistrationAccepted {
  number_follows: true;
  message: string;
}

export interface TryoutRegistrationAnswer {
  /** The registration made (the first, when several were). */
  tryout: MyTryout;
  /** Every registration made, by athlete (a household's registration, issue 17). */
  tryouts?: HouseholdTryout[];
  url?: string;
}

/** GET /household/invitations (issue 36): an invitation its household is waiting on. */
export interface PendingInvitation {
  id: string;
  email: string;
  /** The guardian who sent it. */
  sent_by: string;
  sent_at: string;
  expires_at: string;
}

/** POST /household/guardians/preview (issue 36): what an invitation's page says before it is accepted. */
export interface InvitationPreview {
  inviter_name: string;
  /** The first names of the household's athletes. */
  athlete_names: string[];
  /** The invited address: a sign-up from the invitation fills it in. */
  email: string;
}

/** GET /household/calendar-link (issue 36): the family's calendar feed, to subscribe to or download. */
export interface CalendarLinkAnswer {
  /** `webcal://…`: a phone adds it as a calendar that follows every change by itself. */
  subscribe_url: string;
  /** The same feed over https, for a one-off file. */
  download_url: string;
}

/** POST /payments/checkout: a fresh checkout page for the player's unpaid card registration. */
export interface CheckoutAnswer {
  url: string;
}

/** GET /payments/confirm: where the registration's payment stands after the checkout session was checked. */
export interface PaymentConfirmation {
  payment_status: PaymentStatus;
  /** The session paid a team fee (issue 45 §4): its amount, so the dashboard says what was paid for. */
  team_fee_cents?: number;
}

/** A season as the admin area lists it (GET /seasons/all, newest first; POST /admin/seasons answers one). */
export interface AdminSeason extends Season {
  /** TeamSnap link per age group (https), shown to that group's selected players and in their result mail. */
  teamsnap_links: Partial<Record<AgeGroup, string>>;
  created_at: string;
  /** Offers with a deadline (issue 45): off unless the admin turns them on. */
  offers: OfferSettings;
  /** When the season's offers went out (the publish job ran); null before. */
  offers_published_at: string | null;
  /** Capacity per age group (issue 45 §1): a group left out has no limit and no waitlist. */
  capacities: Partial<Record<AgeGroup, number>>;
  /** How long a freed spot is held for the first family on the waitlist, in hours. */
  spot_hold_hours: number;
}

/**
 * Where a registration's result mail stands.
 * - not_sent: no mail for the current result (never sent, or the result changed after one was sent);
 * - queued: a send recorded it and the mail is on its way;
 * - sent: the current result was mailed (email_sent true);
 * - failed: the mail service refused it; the next send tries again.
 */
export type ResultMailStatus = 'not_sent' | 'queued' | 'sent' | 'failed';

/** One row of the admin tryout table (spec §3 "Admin tryout row", plus payment status and mail status). */
/** A guardian of a registration's athlete, as the admin reaches them (issue 17). */
/**
 * Who withdrew a registration (issue 42): a guardian of the athlete's household or the player, by name as
 * it was then, or the account's deletion.
 */
export type WithdrawnBy = { kind: 'guardian' | 'player'; name: string } | { kind: 'account_deletion' };

export interface GuardianContact {
  name: string;
  email: string;
  phone_number: string;
}

/**
 * One page of the admin's registrations list (GET /admin/tryouts/page, issue 43): rows in the table's key
 * order (not by tryout number: the screen sorts the season it gathered), and where the next page starts, or
 * null when this was the last.
 */
export interface AdminTryoutPage {
  rows: AdminTryoutRow[];
  next_cursor: string | null;
}

export interface AdminTryoutRow extends PaymentAmounts {
  id: string;
  /** The family withdrew: the row stays (its number is retired), marked Withdrawn. */
  withdrawn: boolean;
  tryout_number: number;
  first_name: string;
  last_name: string;
  age_group: AgeGroup;
  payment_method: PaymentMethod;
  /** 'paid' on a cash registration once the admin collected the cash (PATCH /admin/tryouts/{id}/cash). */
  payment_status: PaymentStatus;
  attended: boolean;
  result: TryoutResult | '';
  email_sent: boolean;
  email_status: ResultMailStatus;
  date_of_birth: string;
  is_under_18: boolean;
  parent_consent: boolean;
  email: string;
  phone_number: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_relationship: EmergencyContactRelationship;
  emergency_contact_email: string;
  /** The club may use photos and video of the athlete this season (issue 36). */
  photo_consent: boolean;
  /** The family asked about financial support (issue 36). */
  financial_support_requested: boolean;
  /** Its card payment waits for the club's answer (issue 42): set the fee (or keep it) to let them pay. */
  support_answer_pending?: true;
  /** The season's waiver as the family accepted it (issue 36); left out when the season has none. */
  waiver?: { version: number; signed_name: string; accepted_at: string };
  /** The athlete's medical notes (issue 36): administrators only; left out when there are none. */
  medical_notes?: string;
  /** When the family withdrew (issue 36), for a withdrawn registration. */
  withdrawn_at?: string;
  /** Who withdrew it (issue 42), for a registration withdrawn since it was recorded. */
  withdrawn_by?: WithdrawnBy;
  /** The registration's refunds, oldest first (left out when there are none). */
  refunds?: RefundRecord[];
  /**
   * Refunded in Stripe's dashboard on this registration's family payment beyond what its registrations could
   * hold (issue 34): shown as a payment to reconcile with Stripe. Left out when there is none.
   */
  unreconciled_refund_cents?: number;
  /**
   * The athlete's household's guardians, who get its mail: the account that registered for a registration
   * made before households (an adult player is their own).
   */
  guardians: GuardianContact[];
}

/** What an administrator changed (issue 19): each admin change writes one entry in its own transaction. */
export type AuditAction =
  | 'season_created'
  | 'season_settings'
  | 'registration_window'
  | 'team_link'
  | 'attendance'
  | 'result'
  | 'cash'
  | 'reinstate'
  | 'refund'
  /** A card refund Stripe refused: the reservation given back (issue 34), correcting its 'refund' entry. */
  | 'refund_released'
  /** The fee of an unpaid registration set by an administrator (issue 36: financial support). */
  | 'fee'
  /** Checked in (and cash taken) at the door on tryout night (issue 37), by a helper or an administrator. */
  | 'check_in'
  /** A team fee marked collected in cash (or not), and a team fee's refund and its release (issue 45 §4). */
  | 'team_fee_cash'
  /** An Interac e-Transfer received (issue 46): marked by hand, or applied from the bank's file. */
  | 'etransfer_received'
  | 'team_fee_refund'
  | 'team_fee_refund_released'
  | 'result_mail_send'
  | 'result_mail_resend'
  | 'csv_export'
  /** A season's team made, changed or deleted, and its placed players or alternates set (issue 45). */
  | 'team_created'
  | 'team_settings'
  | 'team_deleted'
  | 'team_placements'
  | 'team_alternates'
  /** A team's roster downloaded (it holds families' phones and medical notes). */
  | 'roster_export'
  /** A season's money CSV downloaded (it names families, children and their payments; issue 46). */
  | 'money_export'
  /** A season's offers published (when they go out), and an offer rescinded or expired by hand (issue 45). */
  | 'offers_published'
  | 'offer_ended';

/**
 * One entry of GET /admin/audit?season_id=: who (the administrator's account id), what, before and after,
 * when. It holds ids and the changed values (results, amounts, dates, links), never a member's personal details.
 */
export interface AuditEntry {
  id: string;
  /** ISO time of the change. */
  at: string;
  actor_id: string;
  /** A tryout-night helper's name (issue 37), so the admin sees who checked a player in at the door. */
  actor_name?: string;
  action: AuditAction;
  season_id: string;
  /** The registration changed, for a change of one row. */
  tryout_id?: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** GET and PATCH /admin/seasons/{id}/registration. */
export interface RegistrationStatus {
  is_registration_open: boolean;
}

/** PATCH /admin/seasons/{id}/registration answers the season (spec §7 "season.is_registration_open"). */
export interface RegistrationStatusAnswer {
  season: AdminSeason;
}

/**
 * POST /admin/tryouts/{seasonId}/send-results, and GET of the same path while mail is going out (spec §7:
 * details.total, details.sent, details.failed, failedEmails). The request records the work and answers at
 * once; the mail goes out through a queue at the mail service's rate, so `queued` says how many are still on
 * their way and the page asks again (GET) until it is 0.
 * - total: registrants of the send (a decided result whose mail had not gone out when it was asked for);
 * - sent: of those, mailed; failed: refused by the mail service (listed in failedEmails); queued: the rest.
 */
export interface SendResultsAnswer {
  details: { total: number; sent: number; failed: number; queued: number };
  failedEmails: Array<{ name: string; email: string }>;
}

/**
 * GET /admin/tryouts/{seasonId}/result-mail-preview: the two result mails as the families will read them,
 * shown for the season's first age group with a placeholder first name (issue 18).
 */
export interface ResultMailPreview {
  age_group: string;
  selected: { subject: string; text: string };
  not_selected: { subject: string; text: string };
}

/** Every error answer of the API. */
export interface ErrorBody {
  message: string;
  errors?: Array<{ field?: string; msg: string }>;
}

/** POST /auth/register: the account was made and its verification mail sent. */
export interface MessageAnswer {
  message: string;
}

/** The account calls that only report (verify, resend, forgot, reset): always the same shape. */
export interface SuccessAnswer {
  success: true;
  message: string;
}

/**
 * POST /auth/verify-email: the verified address, for the sign-in form, and the page the family was on its way
 * to when it signed up (issue 36), so the link continues there on any device.
 */
export interface VerifiedAnswer extends SuccessAnswer {
  email: string;
  return_to?: string;
}

/** POST /auth/login and /auth/refresh-token: a new access token (the refresh token is a cookie). */
export interface TokenAnswer {
  token: string;
}

/** POST /payments/webhook: Stripe's delivery was taken. */
export interface WebhookAnswer {
  received: true;
}
