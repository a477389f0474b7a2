/** The administrator's seasons and registrations. Part of the one route table, routes.ts. */
import { answer, type FileAnswer, type RouteDefinition } from './route-definition';
import type * as T from '../types';
import type { WaitlistAnswer } from '../waitlist';

export const adminRoutes = {
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
    // A capacity raised offers freed spots to the waitlist: their mail goes on the family-mail queue (issue 45).
    queue: 'familyMail',
  },
  /** Each age group's capacity, spots taken and waitlist, in order (issue 45 §1). */
  getSeasonWaitlist: {
    method: 'GET',
    path: '/admin/seasons/{id}/waitlist',
    access: 'admin',
    handler: 'admin/get-waitlist',
    table: 'read',
    params: 'SeasonParamsSchema',
    answer: answer<WaitlistAnswer>(),
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
} as const satisfies Record<string, RouteDefinition>;
