/**
 * The API route table: one row per endpoint, and the contract of each. CDK creates a Lambda and an API
 * Gateway route from each row, the local API server routes to the same handlers, the handler wrapper
 * validates the row's params, query and body with its schemas, the web client's calls take their method,
 * path, body and answer types from it, and the tests build their access matrix, table-access probes and
 * mocks from it (route-samples.ts). Add a row only together with a working handler.
 *
 * `path` is relative to the site's `/api` prefix and uses API Gateway's `{param}` syntax. A path's `{id}` is
 * the thing it is under: `/admin/seasons/{id}` a season, `/admin/tryouts/{id}` a registration,
 * `/household/athletes/{id}` an athlete; a season under `/admin/tryouts` is `{seasonId}` (spec §7's
 * send-results). Both season forms take the one SeasonIdSchema. Paths spec §7 names keep its spelling, as
 * their rows say, even where a newer path would read better (`GET /seasons/all`, the admin's season list).
 * `handler` names the file `functions/src/handlers/<handler>.ts`, which exports `handler`.
 * `params`, `query` and `body` name schemas exported by schemas.ts (by name, so the public pages, which
 * import this table for its paths, never load the schemas or valibot); `answer` carries the 2xx answer's
 * type for the compiler only.
 */
import type { GenericSchema, InferInput, InferOutput } from 'valibot';
import type * as Schemas from './all-schemas';
import { API_PREFIX, PUBLIC_READ_PATHS } from './public-paths';
import type * as T from './types';
import type * as N from './tryout-night';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in user, a signed-in player (an administrator is refused: the
 * tryout screens are the players', spec §2), an administrator (re-checked against the table), or Stripe
 * (signature checked on the raw body). Tryout night (issue 37): `check-in` is a helper holding that job for
 * the path's `{seasonId}` now, or an administrator; `evaluator` is a helper holding that job for it (scores
 * are a person's own, so an administrator scores by inviting themselves). Grants are read from the table on
 * every request, like the admin flag.
 */
export type Access = 'public' | 'user' | 'player' | 'admin' | 'check-in' | 'evaluator' | 'stripe-signature';

/**
 * What a route does to the table: `read` (GetItem, Query, BatchGetItem) or `write` (reads plus Put, Update,
 * Delete and transactions). Each function's IAM role grants exactly this, so a read-only endpoint cannot
 * change or delete an item even if its code were subverted. A route that counts rate-limit attempts writes.
 */
export type TableAccess = 'read' | 'write';

type SchemaExports = typeof Schemas;

/** The name of a valibot schema that schemas.ts exports. */
export type SchemaName = {
  [K in keyof SchemaExports]: SchemaExports[K] extends GenericSchema ? K : never;
}[keyof SchemaExports];

/** A 2xx answer's type, carried by a row for the compiler (at run time an empty object). */
export interface Answer<TAnswer> {
  readonly __answer?: (answer: TAnswer) => TAnswer;
}

/** `answer: answer<AdminSeason>()`: the row's handler must answer this, and its web call resolves to it. */
export function answer<TAnswer>(): Answer<TAnswer> {
  return {};
}

/** A download: the body is the file itself (a CSV), not JSON. */
export type FileAnswer = string & { readonly __file?: true };

/** The queues a route can put work on; each has one worker (functions/src/deploy-facts.ts queueWorkers). */
export type QueueName = 'resultMail' | 'familyMail';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly handler: string;
  readonly table: TableAccess;
  /** The schema of the `{param}`s of the path (an object with one entry per param). */
  readonly params?: SchemaName;
  /** The schema of the query string (an object of strings). */
  readonly query?: SchemaName;
  /** The schema of the JSON body. */
  readonly body?: SchemaName;
  readonly answer: object;
  /** Sets or reads the refresh cookie: POST only, and refused from foreign origins. */
  readonly cookie?: boolean;
  /** Sends mail through SES: only these functions are granted ses:SendEmail. */
  readonly mail?: boolean;
  /** Talks to Stripe: only these functions may read the stage's Stripe secret. */
  readonly payments?: boolean;
  /** Puts work on that queue (its worker drains it): only these functions may send to it. */
  readonly queue?: QueueName;
}

export const routes = {
  getActiveSeason: {
    method: 'GET',
    path: PUBLIC_READ_PATHS.getActiveSeason,
    access: 'public',
    handler: 'seasons/get-active',
    table: 'read',
    answer: answer<T.Season>(),
  },
  register: {
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    handler: 'auth/register',
    table: 'write',
    body: 'AccountRegistrationSchema',
    answer: answer<T.MessageAnswer>(),
    mail: true,
  },
  verifyEmail: {
    method: 'POST',
    path: '/auth/verify-email',
    access: 'public',
    handler: 'auth/verify-email',
    table: 'write',
    body: 'VerifyEmailBodySchema',
    answer: answer<T.VerifiedAnswer>(),
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    handler: 'auth/login',
    table: 'write',
    body: 'LoginSchema',
    answer: answer<T.TokenAnswer>(),
    cookie: true,
  },
  refreshToken: {
    method: 'POST',
    path: '/auth/refresh-token',
    access: 'public',
    handler: 'auth/refresh-token',
    table: 'write',
    answer: answer<T.TokenAnswer>(),
    cookie: true,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    access: 'public',
    handler: 'auth/logout',
    table: 'write',
    answer: answer<null>(),
    cookie: true,
  },
  resendVerification: {
    method: 'POST',
    path: '/auth/resend-verification',
    access: 'public',
    handler: 'auth/resend-verification',
    table: 'write',
    body: 'ResendVerificationSchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'public',
    handler: 'auth/forgot-password',
    table: 'write',
    body: 'EmailOnlySchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    access: 'public',
    handler: 'auth/reset-password',
    table: 'write',
    body: 'ResetPasswordBodySchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  // The account page (issue 18): the signed-in account's own details, password and e-mail address.
  getAccount: {
    method: 'GET',
    path: '/account',
    access: 'user',
    handler: 'account/get',
    table: 'read',
    answer: answer<T.AccountProfile>(),
  },
  /** Everything stored about the account and its household's athletes (issue 19), as a file to keep. */
  exportAccount: {
    method: 'GET',
    path: '/account/export',
    access: 'user',
    handler: 'account/export',
    table: 'read',
    query: 'ExportQuerySchema',
    answer: answer<FileAnswer>(),
  },
  /**
   * Deletes the account, its password asked again (issue 19): registrations kept for the club's records
   * without identity, the household's athletes with its last guardian. May close an unpaid checkout.
   */
  deleteAccount: {
    method: 'DELETE',
    path: '/account',
    access: 'user',
    handler: 'account/delete',
    table: 'write',
    body: 'DeleteAccountSchema',
    answer: answer<T.SuccessAnswer>(),
    payments: true,
  },
  updateAccount: {
    method: 'PATCH',
    path: '/account',
    access: 'user',
    handler: 'account/update',
    table: 'write',
    body: 'UpdateAccountSchema',
    answer: answer<T.AccountProfile>(),
  },
  /**
   * A new password while signed in, the current one asked. Under /auth, where the refresh cookie is sent, so
   * this device stays signed in while every other session ends.
   */
  changePassword: {
    method: 'POST',
    path: '/auth/change-password',
    access: 'user',
    handler: 'auth/change-password',
    table: 'write',
    body: 'ChangePasswordSchema',
    answer: answer<T.SuccessAnswer>(),
    cookie: true,
    mail: true,
  },
  /** Mails a confirmation link to the new address (and a word to the old one); nothing changes until followed. */
  changeEmail: {
    method: 'POST',
    path: '/account/email',
    access: 'user',
    handler: 'account/change-email',
    table: 'write',
    body: 'ChangeEmailSchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  /** The new address's link: the account's e-mail becomes it, and the old address is told. */
  confirmEmailChange: {
    method: 'POST',
    path: '/auth/confirm-email-change',
    access: 'public',
    handler: 'auth/confirm-email-change',
    table: 'write',
    body: 'ConfirmEmailChangeSchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  // Households (issue 17): an account's guardians and athletes. Every id is checked against the caller's
  // household first; another household's athlete is a 404, never a 403, so ids cannot be probed.
  getHousehold: {
    method: 'GET',
    path: '/household',
    access: 'player',
    handler: 'household/get',
    table: 'read',
    answer: answer<T.Household>(),
  },
  getHouseholdTryouts: {
    method: 'GET',
    path: '/household/tryouts',
    access: 'player',
    handler: 'household/tryouts',
    table: 'read',
    answer: answer<T.HouseholdTryout[]>(),
  },
  /**
   * The dashboard's actions on one athlete's registration, as /payments/checkout, PATCH /tryouts/my,
   * /tryouts/my/withdraw and /tryouts/my/receipt do for the account holder's own: pay (again) by card,
   * switch to cash, withdraw, the receipt. Any id not of the caller's household is a 404.
   */
  /** The household's invitations still waiting (issue 36), with Resend (invite again) and Cancel. */
  listGuardianInvites: {
    method: 'GET',
    path: '/household/invitations',
    access: 'player',
    handler: 'household/list-invites',
    table: 'read',
    answer: answer<T.PendingInvitation[]>(),
  },
  cancelGuardianInvite: {
    method: 'DELETE',
    path: '/household/invitations/{id}',
    access: 'player',
    handler: 'household/cancel-invite',
    table: 'write',
    params: 'InviteParamsSchema',
    answer: answer<T.PendingInvitation[]>(),
  },
  /**
   * What an invitation is, for its page (issue 36): who invited, the children, the invited address. Public:
   * the token in the body is the capability (the link's fragment, never a URL a log keeps).
   */
  previewGuardianInvite: {
    method: 'POST',
    path: '/household/guardians/preview',
    access: 'public',
    handler: 'household/invite-preview',
    table: 'read',
    body: 'AcceptInviteSchema',
    answer: answer<T.InvitationPreview>(),
  },
  /**
   * The family's calendar subscription (issue 36): a `webcal://` link to the household's feed (every child's
   * sessions, kept current) and the same feed's https address for a one-off download.
   */
  getHouseholdCalendarLink: {
    method: 'GET',
    path: '/household/calendar-link',
    access: 'player',
    handler: 'household/calendar-link',
    table: 'read',
    answer: answer<T.CalendarLinkAnswer>(),
  },
  /**
   * A new secret for the family's calendar link (issue 42: "Reset calendar link" on /account): the old link
   * serves no more, wherever it was copied. Answers the new links.
   */
  resetHouseholdCalendarLink: {
    method: 'POST',
    path: '/household/calendar-link/reset',
    access: 'player',
    handler: 'household/reset-calendar-link',
    table: 'write',
    answer: answer<T.CalendarLinkAnswer>(),
  },
  /**
   * ONE checkout page for every unpaid card registration of the caller's household in the active season
   * (issue 36): a family pays once, on one statement line, even after a cancelled checkout.
   */
  startFamilyCheckout: {
    method: 'POST',
    path: '/household/checkout',
    access: 'player',
    handler: 'household/family-checkout',
    table: 'write',
    answer: answer<T.CheckoutAnswer>(),
    payments: true,
  },
  startHouseholdCheckout: {
    method: 'POST',
    path: '/household/tryouts/{id}/checkout',
    access: 'player',
    handler: 'household/tryout-checkout',
    table: 'write',
    params: 'AthleteParamsSchema',
    answer: answer<T.CheckoutAnswer>(),
    payments: true,

    queue: 'familyMail',
  },
  updateHouseholdTryout: {
    method: 'PATCH',
    path: '/household/tryouts/{id}',
    access: 'player',
    handler: 'household/tryout-update',
    table: 'write',
    params: 'AthleteParamsSchema',
    body: 'SwitchToCashSchema',
    answer: answer<T.MyTryout>(),
    payments: true,
    mail: true,
    queue: 'familyMail',
  },
  withdrawHouseholdTryout: {
    method: 'POST',
    path: '/household/tryouts/{id}/withdraw',
    access: 'player',
    handler: 'household/tryout-withdraw',
    table: 'write',
    params: 'AthleteParamsSchema',
    answer: answer<T.MyTryout>(),
    payments: true,
    mail: true,
  },
  getHouseholdReceipt: {
    method: 'GET',
    path: '/household/tryouts/{id}/receipt',
    access: 'player',
    handler: 'household/tryout-receipt',
    table: 'read',
    params: 'AthleteParamsSchema',
    query: 'ReceiptQuerySchema',
    answer: answer<FileAnswer>(),
  },
  addAthlete: {
    method: 'POST',
    path: '/household/athletes',
    access: 'player',
    handler: 'household/add-athlete',
    table: 'write',
    body: 'AthleteSchema',
    answer: answer<T.Athlete>(),
  },
  updateAthlete: {
    method: 'PATCH',
    path: '/household/athletes/{id}',
    access: 'player',
    handler: 'household/update-athlete',
    table: 'write',
    params: 'AthleteParamsSchema',
    body: 'AthleteUpdateSchema',
    answer: answer<T.Athlete>(),
  },
  deleteAthlete: {
    method: 'DELETE',
    path: '/household/athletes/{id}',
    access: 'player',
    handler: 'household/delete-athlete',
    table: 'write',
    params: 'AthleteParamsSchema',
    answer: answer<T.Household>(),
  },
  /** Mails an invitation to join the caller's household as a guardian (link token in the fragment). */
  inviteGuardian: {
    method: 'POST',
    path: '/household/guardians',
    access: 'player',
    handler: 'household/invite-guardian',
    table: 'write',
    body: 'InviteGuardianSchema',
    answer: answer<T.SuccessAnswer>(),
    mail: true,
  },
  /** The signed-in account with the invited address joins the household. */
  acceptGuardianInvite: {
    method: 'POST',
    path: '/household/guardians/accept',
    access: 'player',
    handler: 'household/accept-invite',
    table: 'write',
    body: 'AcceptInviteSchema',
    answer: answer<T.Household>(),
  },
  /** The caller leaves its household (never the last guardian). */
  leaveHousehold: {
    method: 'DELETE',
    path: '/household/guardians/me',
    access: 'player',
    handler: 'household/leave',
    table: 'write',
    answer: answer<T.Household>(),
  },
  /**
   * "E-mail me when it opens" (issue 18): the signed-in account's place on the list mailed once, through the
   * result-mail queue, when the admin opens registration.
   */
  getOpeningNotice: {
    method: 'GET',
    path: '/tryouts/opening-notice',
    access: 'player',
    handler: 'tryouts/opening-notice-get',
    table: 'read',
    answer: answer<T.OpeningNoticeStatus>(),
  },
  requestOpeningNotice: {
    method: 'POST',
    path: '/tryouts/opening-notice',
    access: 'player',
    handler: 'tryouts/opening-notice-request',
    table: 'write',
    answer: answer<T.OpeningNoticeStatus>(),
  },
  cancelOpeningNotice: {
    method: 'DELETE',
    path: '/tryouts/opening-notice',
    access: 'player',
    handler: 'tryouts/opening-notice-cancel',
    table: 'write',
    answer: answer<T.OpeningNoticeStatus>(),
  },
  getMyTryout: {
    method: 'GET',
    path: '/tryouts/my',
    access: 'player',
    handler: 'tryouts/get-my',
    table: 'read',
    answer: answer<T.MyTryout>(),
  },
  /** The player's tryout sessions as an iCalendar file (America/Edmonton), for the family's calendar. */
  getMyCalendar: {
    method: 'GET',
    path: '/tryouts/my/calendar.ics',
    access: 'player',
    handler: 'tryouts/get-my-calendar',
    table: 'read',
    answer: answer<FileAnswer>(),
  },
  /**
   * The same calendar file through the signed link a confirmation mail carries (a mail link carries no
   * sign-in): the key names one registration and reads its sessions only.
   */
  getCalendarByLink: {
    method: 'GET',
    path: '/tryouts/calendar.ics',
    access: 'public',
    handler: 'tryouts/get-calendar-by-link',
    table: 'read',
    query: 'CalendarLinkQuerySchema',
    answer: answer<FileAnswer>(),
  },
  /** A paid registration's receipt: a printable HTML page (club, player, season, amount, refunds). */
  getMyReceipt: {
    method: 'GET',
    path: '/tryouts/my/receipt',
    access: 'player',
    handler: 'tryouts/get-my-receipt',
    table: 'read',
    query: 'ReceiptQuerySchema',
    answer: answer<FileAnswer>(),
  },
  /**
   * A family withdraws before the season's first session starts (the number is retired, never reused; a
   * refund is the admin's decision). An unpaid card checkout is closed first, so nothing is charged after.
   */
  withdrawMyTryout: {
    method: 'POST',
    path: '/tryouts/my/withdraw',
    access: 'player',
    handler: 'tryouts/withdraw',
    table: 'write',
    payments: true,
    answer: answer<T.MyTryout>(),
    mail: true,
  },
  /** A family switches its unpaid card registration to cash (an abandoned checkout). */
  switchMyTryoutToCash: {
    method: 'PATCH',
    path: '/tryouts/my',
    access: 'player',
    handler: 'tryouts/switch-to-cash',
    table: 'write',
    body: 'SwitchToCashSchema',
    answer: answer<T.MyTryout>(),
    payments: true,
    mail: true,
    queue: 'familyMail',
  },
  registerTryout: {
    method: 'POST',
    path: '/tryouts/register',
    access: 'player',
    handler: 'tryouts/register',
    table: 'write',
    body: 'TryoutRegistrationSchema',
    answer: answer<T.TryoutRegistrationAnswer | T.TryoutRegistrationAccepted>(),
    payments: true,
    mail: true,
    queue: 'familyMail',
  },
  startCheckout: {
    method: 'POST',
    path: '/payments/checkout',
    access: 'player',
    handler: 'payments/checkout',
    table: 'write',
    answer: answer<T.CheckoutAnswer>(),
    payments: true,
    queue: 'familyMail',
  },
  confirmPayment: {
    method: 'GET',
    path: '/payments/confirm',
    access: 'player',
    handler: 'payments/confirm',
    table: 'write',
    query: 'ConfirmPaymentQuerySchema',
    answer: answer<T.PaymentConfirmation>(),
    payments: true,
    mail: true,
    queue: 'familyMail',
  },
  stripeWebhook: {
    method: 'POST',
    path: '/payments/webhook',
    access: 'stripe-signature',
    handler: 'payments/webhook',
    table: 'write',
    answer: answer<T.WebhookAnswer>(),
    payments: true,
    mail: true,
    queue: 'familyMail',
  },
  // Administrator area (spec §2 "Admin dashboard", §7 admin calls). The tryout id of a path is the
  // registration's public id, `<seasonId>.<playerId>` (ids.ts).
  listSeasons: {
    method: 'GET',
    // Spec §7's path, outside /admin though only administrators may call it.
    path: '/seasons/all',
    access: 'admin',
    handler: 'admin/list-seasons',
    table: 'read',
    answer: answer<T.AdminSeason[]>(),
  },
  createSeason: {
    method: 'POST',
    path: '/admin/seasons',
    access: 'admin',
    handler: 'admin/create-season',
    table: 'write',
    body: 'NewSeasonSchema',
    answer: answer<T.AdminSeason>(),
  },
  /** The season's settings: name, fee, age year, sessions (the year only while no one has registered). */
  updateSeason: {
    method: 'PATCH',
    path: '/admin/seasons/{id}',
    access: 'admin',
    handler: 'admin/update-season',
    table: 'write',
    params: 'SeasonParamsSchema',
    body: 'UpdateSeasonSchema',
    answer: answer<T.AdminSeason>(),
  },
  getRegistrationStatus: {
    method: 'GET',
    path: '/admin/seasons/{id}/registration',
    access: 'admin',
    handler: 'admin/get-registration-status',
    table: 'read',
    params: 'SeasonParamsSchema',
    answer: answer<T.RegistrationStatus>(),
  },
  setRegistrationStatus: {
    method: 'PATCH',
    path: '/admin/seasons/{id}/registration',
    access: 'admin',
    handler: 'admin/set-registration-status',
    table: 'write',
    params: 'SeasonParamsSchema',
    body: 'RegistrationToggleSchema',
    answer: answer<T.RegistrationStatusAnswer>(),
    // Opening registration puts the "E-mail me when it opens" list's mail on the queue (issue 18).
    queue: 'resultMail',
  },
  setTeamLink: {
    method: 'PUT',
    path: '/admin/seasons/{id}/team-links',
    access: 'admin',
    handler: 'admin/set-team-link',
    table: 'write',
    params: 'SeasonParamsSchema',
    body: 'TeamLinkInputSchema',
    answer: answer<T.AdminSeason>(),
  },
  listTryouts: {
    method: 'GET',
    path: '/admin/tryouts',
    access: 'admin',
    handler: 'admin/list-tryouts',
    table: 'read',
    query: 'SeasonQuerySchema',
    answer: answer<T.AdminTryoutRow[]>(),
  },
  /**
   * The season's registrations a page at a time (issue 43): each request reads at most `limit` rows, so the
   * admin's screen answers as fast on registration night as on a quiet day. The screen follows `next_cursor`.
   */
  listTryoutPage: {
    method: 'GET',
    path: '/admin/tryouts/page',
    access: 'admin',
    handler: 'admin/list-tryout-page',
    table: 'read',
    query: 'TryoutPageQuerySchema',
    answer: answer<T.AdminTryoutPage>(),
  },
  /**
   * What administrators changed in a season, newest first (issue 19): every admin change writes an entry in
   * its own transaction. With `tryout_id`, one registration's history (Player Details).
   */
  listAudit: {
    method: 'GET',
    path: '/admin/audit',
    access: 'admin',
    handler: 'admin/list-audit',
    table: 'read',
    query: 'AuditQuerySchema',
    answer: answer<T.AuditEntry[]>(),
  },
  exportTryouts: {
    method: 'GET',
    path: '/admin/tryouts/export',
    access: 'admin',
    handler: 'admin/export-tryouts',
    // A GET that writes: the download's audit entry (who took the season's details away, issue 19).
    table: 'write',
    query: 'TryoutExportQuerySchema',
    answer: answer<FileAnswer>(),
  },
  setAttended: {
    method: 'PATCH',
    path: '/admin/tryouts/{id}/attended',
    access: 'admin',
    handler: 'admin/set-attended',
    table: 'write',
    params: 'TryoutParamsSchema',
    body: 'AttendedSchema',
    answer: answer<T.AdminTryoutRow>(),
  },
  setSelection: {
    method: 'PATCH',
    path: '/admin/tryouts/{id}/selection',
    access: 'admin',
    handler: 'admin/set-selection',
    table: 'write',
    params: 'TryoutParamsSchema',
    body: 'SelectionSchema',
    answer: answer<T.AdminTryoutRow>(),
  },
  /**
   * The fee of an unpaid registration, set by the club for a family that asked about financial support
   * (issue 36): down to 0, audited, the family mailed; a card checkout at the old price is closed first.
   */
  setTryoutFee: {
    method: 'PATCH',
    path: '/admin/tryouts/{id}/fee',
    access: 'admin',
    handler: 'admin/set-fee',
    table: 'write',
    params: 'TryoutParamsSchema',
    body: 'TryoutFeeSchema',
    answer: answer<T.AdminTryoutRow>(),
    payments: true,
    mail: true,
    queue: 'familyMail',
  },
  setCashCollected: {
    method: 'PATCH',
    path: '/admin/tryouts/{id}/cash',
    access: 'admin',
    handler: 'admin/set-cash-collected',
    table: 'write',
    params: 'TryoutParamsSchema',
    body: 'CashCollectedSchema',
    answer: answer<T.AdminTryoutRow>(),
  },
  /** Puts a withdrawn registration back, with its own number. */
  reinstateTryout: {
    method: 'POST',
    path: '/admin/tryouts/{id}/reinstate',
    access: 'admin',
    handler: 'admin/reinstate',
    table: 'write',
    params: 'TryoutParamsSchema',
    answer: answer<T.AdminTryoutRow>(),
  },
  /**
   * Gives back part or the rest of what a registration paid: through Stripe's Refunds API for a card, recorded
   * for cash. The screen's idempotency key makes a double click or a retry one refund.
   */
  refundTryout: {
    method: 'POST',
    path: '/admin/tryouts/{id}/refund',
    access: 'admin',
    handler: 'admin/refund',
    table: 'write',
    payments: true,
    params: 'TryoutParamsSchema',
    body: 'RefundSchema',
    answer: answer<T.AdminRefundAnswer>(),
    mail: true,
  },
  sendResults: {
    method: 'POST',
    // Spec §7's path: the season is `{seasonId}` under /admin/tryouts.
    path: '/admin/tryouts/{seasonId}/send-results',
    access: 'admin',
    handler: 'admin/send-results',
    table: 'write',
    params: 'SeasonOfTryoutsParamsSchema',
    query: 'SendResultsQuerySchema',
    answer: answer<T.SendResultsAnswer>(),
    queue: 'resultMail',
  },
  getSendProgress: {
    method: 'GET',
    path: '/admin/tryouts/{seasonId}/send-results',
    access: 'admin',
    handler: 'admin/get-send-progress',
    // A GET that writes: the progress read also puts rows whose queue message was lost back on the queue,
    // renewing the round's requeue time with a conditional write first (services/mail/result-mail.ts).
    table: 'write',
    params: 'SeasonOfTryoutsParamsSchema',
    answer: answer<T.SendResultsAnswer>(),
    queue: 'resultMail',
  },
  /** The two result mails as families will read them, before the admin sends them (issue 18). */
  previewResultMail: {
    method: 'GET',
    path: '/admin/tryouts/{seasonId}/result-mail-preview',
    access: 'admin',
    handler: 'admin/preview-result-mail',
    table: 'read',
    params: 'SeasonOfTryoutsParamsSchema',
    answer: answer<T.ResultMailPreview>(),
  },
  resendResult: {
    method: 'POST',
    path: '/admin/tryouts/{id}/resend-result',
    access: 'admin',
    handler: 'admin/resend-result',
    table: 'write',
    params: 'TryoutParamsSchema',
    answer: answer<T.AdminTryoutRow>(),
    mail: true,
  },
  // Tryout night (issue 37): helpers, check-in at the door, evaluators' scores and the admin's rankings.
  listHelpers: {
    method: 'GET',
    path: '/admin/seasons/{id}/helpers',
    access: 'admin',
    handler: 'helpers/list-helpers',
    table: 'read',
    params: 'SeasonParamsSchema',
    answer: answer<N.SeasonHelper[]>(),
  },
  inviteHelper: {
    method: 'POST',
    path: '/admin/seasons/{id}/helpers',
    access: 'admin',
    handler: 'helpers/invite-helper',
    table: 'write',
    params: 'SeasonParamsSchema',
    body: 'HelperInviteSchema',
    answer: answer<N.SeasonHelper[]>(),
    mail: true,
  },
  removeHelper: {
    method: 'DELETE',
    path: '/admin/seasons/{id}/helpers/{helperId}',
    access: 'admin',
    handler: 'helpers/remove-helper',
    table: 'write',
    params: 'SeasonHelperParamsSchema',
    answer: answer<N.SeasonHelper[]>(),
  },
  acceptHelper: {
    method: 'POST',
    path: '/helpers/accept',
    access: 'user',
    handler: 'helpers/accept-helper',
    table: 'write',
    body: 'HelperAcceptSchema',
    answer: answer<N.HelperGrant[]>(),
  },
  myHelperGrants: {
    method: 'GET',
    path: '/helpers/me',
    access: 'user',
    handler: 'helpers/my-grants',
    table: 'read',
    answer: answer<N.HelperGrant[]>(),
  },
  /**
   * A registration's check-in code as a QR image (PNG), for mail and receipts, where a mail client shows an
   * image from an address but not one drawn in the page. Public: the code is the capability, signed and
   * opaque, and the image says nothing the code does not; a code of a withdrawn registration is a 404.
   */
  getCheckinQr: {
    method: 'GET',
    path: '/checkin-codes/{code}',
    access: 'public',
    handler: 'checkin/code-image',
    table: 'read',
    params: 'CheckinCodeParamsSchema',
    answer: answer<FileAnswer>(),
  },
  getTonight: {
    method: 'GET',
    path: '/checkin/{seasonId}/tonight',
    access: 'check-in',
    handler: 'checkin/get-tonight',
    table: 'read',
    params: 'HelperSeasonParamsSchema',
    answer: answer<N.TonightAnswer>(),
  },
  checkIn: {
    method: 'POST',
    path: '/checkin/{seasonId}/tryouts/{id}',
    access: 'check-in',
    handler: 'checkin/check-in',
    table: 'write',
    params: 'CheckinTryoutParamsSchema',
    body: 'CheckinSchema',
    answer: answer<N.CheckinPlayer>(),
  },
  scanCheckin: {
    method: 'POST',
    path: '/checkin/{seasonId}/scan',
    access: 'check-in',
    handler: 'checkin/scan',
    table: 'write',
    params: 'HelperSeasonParamsSchema',
    body: 'ScanSchema',
    answer: answer<N.ScanAnswer>(),
  },
  registerWalkUp: {
    method: 'POST',
    path: '/checkin/{seasonId}/walk-ups',
    access: 'check-in',
    handler: 'checkin/walk-up',
    table: 'write',
    params: 'HelperSeasonParamsSchema',
    body: 'WalkUpSchema',
    answer: answer<N.WalkUpAnswer>(),
    mail: true,
    queue: 'familyMail',
  },
  getCriteria: {
    method: 'GET',
    path: '/admin/seasons/{id}/criteria',
    access: 'admin',
    handler: 'evaluation/get-criteria',
    table: 'read',
    params: 'SeasonParamsSchema',
    answer: answer<N.SeasonCriteria>(),
  },
  setCriteria: {
    method: 'PUT',
    path: '/admin/seasons/{id}/criteria',
    access: 'admin',
    handler: 'evaluation/set-criteria',
    table: 'write',
    params: 'SeasonParamsSchema',
    body: 'CriteriaSchema',
    answer: answer<N.SeasonCriteria>(),
  },
  getRoster: {
    method: 'GET',
    path: '/evaluate/{seasonId}/roster',
    access: 'evaluator',
    handler: 'evaluation/get-roster',
    table: 'read',
    params: 'HelperSeasonParamsSchema',
    query: 'AgeGroupQuerySchema',
    answer: answer<N.RosterAnswer>(),
  },
  putScores: {
    method: 'PUT',
    path: '/evaluate/{seasonId}/scores',
    access: 'evaluator',
    handler: 'evaluation/put-scores',
    table: 'write',
    params: 'HelperSeasonParamsSchema',
    body: 'ScoresSchema',
    answer: answer<N.ScoresAnswer>(),
  },
  getRankings: {
    method: 'GET',
    path: '/admin/seasons/{id}/rankings',
    access: 'admin',
    handler: 'evaluation/get-rankings',
    table: 'read',
    params: 'SeasonParamsSchema',
    query: 'RankingsQuerySchema',
    // JSON, or with `?format=csv` the same table as a spreadsheet file.
    answer: answer<N.RankingsAnswer | FileAnswer>(),
  },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;

type Row<N extends RouteName> = (typeof routes)[N];
type Named<N extends RouteName, F extends 'params' | 'query' | 'body'> =
  Row<N> extends { readonly [K in F]: infer S extends SchemaName } ? SchemaExports[S] : undefined;

/** What a call of the route sends as its path params, query or body (before validation). */
export type ParamsOf<N extends RouteName> = InputOf<Named<N, 'params'>>;
export type QueryOf<N extends RouteName> = InputOf<Named<N, 'query'>>;
export type BodyOf<N extends RouteName> = InputOf<Named<N, 'body'>>;
/** What the route's handler receives, validated. */
export type ValidParamsOf<N extends RouteName> = OutputOf<Named<N, 'params'>>;
export type ValidQueryOf<N extends RouteName> = OutputOf<Named<N, 'query'>>;
export type ValidBodyOf<N extends RouteName> = OutputOf<Named<N, 'body'>>;
/** The route's 2xx answer. */
export type AnswerOf<N extends RouteName> = Row<N>['answer'] extends Answer<infer A> ? A : never;

type InputOf<S> = S extends GenericSchema ? InferInput<S> : undefined;
type OutputOf<S> = S extends GenericSchema ? InferOutput<S> : undefined;

/** The prefix under which CloudFront, the local server and Vite route requests to the API. */
export { API_PREFIX };

/** Fills `{param}` placeholders: apiPath('getActiveSeason') → '/api/seasons/active'. */
export function apiPath(name: RouteName, params: Record<string, string> = {}): string {
  const route: RouteDefinition = routes[name];
  return (
    API_PREFIX +
    route.path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`Missing path parameter ${key} for ${name}`);
      return encodeURIComponent(value);
    })
  );
}

/** Every route as a list, with its name, for generators (CDK, local server, access matrix). */
export function routeList(): Array<RouteDefinition & { name: RouteName }> {
  return (Object.keys(routes) as RouteName[]).map((name) => ({ name, ...routes[name] }));
}
