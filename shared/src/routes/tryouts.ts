/** A player's own tryout registration: registering, paying, the calendar and receipt, withdrawing. Part of the one route table, routes.ts. */
import { answer, type FileAnswer, type RouteDefinition } from './route-definition';
import type * as T from '../types';

export const tryoutRoutes = {
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
    // A numbered registration withdrawn frees its spot for the waitlist: the offer's mail is queued.
    queue: 'familyMail',
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
} as const satisfies Record<string, RouteDefinition>;
