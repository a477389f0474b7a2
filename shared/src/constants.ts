/** Business constants of the product (spec §9). Everything else reads them from here. */

// What every page's first JavaScript reads lives in page-constants.ts, so the rest stays out of it.
export { FALL_PROGRAM, HASH_SCROLL_DELAY_MS, PAGE_SPINNER_MS, TOKEN_STORAGE_KEY } from './page-constants';

export const MINUTE_MS = 60_000;

/** Signed-in users are logged out after this long without mouse, key, scroll, touch or wheel activity. */
export const INACTIVITY_LOGOUT_MS = 30 * MINUTE_MS;
/** Cooldown between verification e-mail resends, persisted across reloads. */
export const RESEND_VERIFICATION_COOLDOWN_S = 60;
/** Cooldown between forgot-password requests, persisted across reloads. */
export const FORGOT_PASSWORD_COOLDOWN_S = 60;
/** How long an admin toast stays on screen. */
export const ADMIN_TOAST_MS = 5_000;
/** Redirect to /login after a successful password reset. */
export const RESET_REDIRECT_MS = 2_500;

export const PASSWORD_MIN_LENGTH = 12;
export const ADULT_AGE = 18;

/** How a family pays a tryout fee; 'etransfer' (Interac e-Transfer, issue 46) only where the season takes it. */
export const PAYMENT_METHODS = ['cash', 'stripe', 'etransfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TRYOUT_RESULTS = ['selected', 'not_selected'] as const;
export type TryoutResult = (typeof TRYOUT_RESULTS)[number];

export const EMERGENCY_CONTACT_RELATIONSHIPS = ['parent', 'guardian', 'other_family', 'other'] as const;
export type EmergencyContactRelationship = (typeof EMERGENCY_CONTACT_RELATIONSHIPS)[number];

/**
 * The club's team divisions (issue 36): which teams an athlete plays on, so only the groups that fit are
 * offered. An athlete registered before it was asked has none until the family says.
 */
export const DIVISIONS = ['boys', 'girls'] as const;
export type Division = (typeof DIVISIONS)[number];

/** Age groups an administrator sees and a player picks (spec §3). */
export const AGE_GROUPS = [
  '13U Boys',
  '15U Boys',
  '16U Boys',
  '17U Boys',
  '18U Boys',
  '15U Girls',
  '17U Girls',
] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** Age-group guidance: a player fits a group if born in this year or later (spec §5). */
export const AGE_GROUP_BIRTH_YEARS = {
  '13U': 2012,
  '15U': 2010,
  '16U': 2009,
  '17U': 2008,
  '18U': 2007,
} as const;

export const CHECK_IN_MINUTES_BEFORE_TRYOUT = 20;

/** The club's home; dates such as "today" for age checks are taken in this zone. */
export const CLUB_TIME_ZONE = 'America/Edmonton';

/**
 * The version of the privacy notice a registrant (or their parent) consents to when creating an account.
 * Stored with the account and the consent time; change it whenever the notice at /privacy changes.
 */
export const CONSENT_NOTICE_VERSION = '2025-08-01';

/**
 * How long personal data is kept (issue 19): an account unused this many months, and a season's registrations
 * this many months after its last session. What /privacy promises and what every stage's retention job
 * applies: one number, so the two cannot drift apart (issue 34).
 */
export const PERSONAL_DATA_RETENTION_MONTHS = 24;

/** The season the local stack seeds on first start. */
export const SEED_SEASON_NAME = 'Fall 2025 Tryouts';

/** Card payments are charged in Canadian dollars (Stripe's lower-case ISO code). */
export const PAYMENT_CURRENCY = 'cad';

/**
 * The tryout fee a new season starts with, in cents: a PLACEHOLDER ($50.00) until the club confirms the
 * real fee. Each season stores its own fee, so changing this changes only seasons created afterwards.
 */
export const DEFAULT_TRYOUT_FEE_CENTS = 5_000;

/** The most a season's tryout fee can be, in cents ($1,000.00); 0 means free tryouts (no card step). */
export const MAX_TRYOUT_FEE_CENTS = 100_000;

/**
 * The admin's registrations list is read a page at a time (issue 43: one request's cost does not grow with
 * the season): the rows a page holds when the caller names no size, and the most it may ask for. A page of
 * the most stays far below Lambda's 6 MB answer limit (a row is about 1.5 KB of JSON).
 */
export const ADMIN_TRYOUT_PAGE_SIZE = 250;
export const ADMIN_TRYOUT_PAGE_MAX = 500;

/** The years a season's age groups can be counted from. */
export const REFERENCE_YEARS = { min: 2000, max: 2100 } as const;

/** What a session of a season is: a tryout, or an open gym before the tryouts (spec §3 event cards). */
export const SESSION_KINDS = ['tryout', 'open-gym'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** The most sessions one season holds. */
export const MAX_SESSIONS = 20;
