/**
 * The team fee, withdrawing after acceptance and the offers board (issue 45 §4, §5). Part of the one route
 * table, routes.ts. A family's routes are open to any signed-in account and checked in the service: only a
 * guardian of the player's household, or the adult player, may act on an offer (any other caller: 404).
 */
import { answer, type FileAnswer, type RouteDefinition } from './route-definition';
import type * as T from '../types';
import type * as F from '../team-fees';
import type { OfferAnswer } from '../offers';

export const teamFeeRoutes = {
  /**
   * A Stripe Checkout page for an accepted offer's unpaid team fee. The amount is the offer's fee (the body
   * must be empty); concurrent clicks get the same page.
   */
  startOfferCheckout: {
    method: 'POST',
    path: '/offers/{offerId}/checkout',
    access: 'user',
    handler: 'team-fees/checkout',
    table: 'write',
    params: 'OfferParamsSchema',
    body: 'TeamFeeCheckoutSchema',
    answer: answer<T.CheckoutAnswer>(),
    payments: true,
    queue: 'familyMail',
  },
  /**
   * A Stripe Checkout page for one instalment of a team fee in instalments (issue 46): a declined one (or one
   * due), the amount the instalment's own (the body must be empty), the card saved again for the rest.
   * Concurrent clicks get the same page; the daily charge leaves it alone while its page is open.
   */
  startInstalmentCheckout: {
    method: 'POST',
    path: '/offers/{offerId}/instalments/{n}/checkout',
    access: 'user',
    handler: 'team-fees/instalment-checkout',
    table: 'write',
    params: 'InstalmentParamsSchema',
    body: 'TeamFeeCheckoutSchema',
    answer: answer<T.CheckoutAnswer>(),
    payments: true,
  },
  /** The printable receipt of a paid team fee, with its refunds. */
  getOfferReceipt: {
    method: 'GET',
    path: '/offers/{offerId}/receipt',
    access: 'user',
    handler: 'team-fees/receipt',
    table: 'read',
    params: 'OfferParamsSchema',
    answer: answer<FileAnswer>(),
  },
  /**
   * Gives up an accepted place (the family read the refund policy first): the offer ends (declined, withdrawn
   * after acceptance), the team has a place again and its next alternate is offered it (with the offer mail).
   * An open card checkout of the fee is closed first. Money back is the club's, under its refund policy.
   */
  withdrawOffer: {
    method: 'POST',
    path: '/offers/{offerId}/withdraw',
    access: 'user',
    handler: 'team-fees/withdraw',
    table: 'write',
    params: 'OfferParamsSchema',
    body: 'WithdrawOfferSchema',
    answer: answer<OfferAnswer>(),
    payments: true,
    queue: 'resultMail',
  },
  /** A team fee was collected in cash (or was not), audited; collected, the family gets its confirmation. */
  setOfferCash: {
    method: 'PATCH',
    path: '/admin/offers/{offerId}/cash',
    access: 'admin',
    handler: 'team-fees/set-cash',
    table: 'write',
    params: 'OfferParamsSchema',
    body: 'TeamFeeCashSchema',
    answer: answer<F.AdminOfferFee>(),
    queue: 'familyMail',
  },
  /**
   * Gives back part or the rest of a team fee: through Stripe's Refunds API for a card, recorded for cash.
   * The screen's idempotency key makes a double click or a retry one refund; never more than was paid.
   */
  refundOffer: {
    method: 'POST',
    path: '/admin/offers/{offerId}/refund',
    access: 'admin',
    handler: 'team-fees/refund',
    table: 'write',
    params: 'OfferParamsSchema',
    body: 'TeamFeeRefundSchema',
    answer: answer<F.AdminOfferRefundAnswer>(),
    payments: true,
    mail: true,
  },
  /** Each team of the season (of one age group): places, offers by state, alternates in order, fees. */
  getOffersBoard: {
    method: 'GET',
    path: '/admin/seasons/{id}/offers-board',
    access: 'admin',
    handler: 'team-fees/offers-board',
    table: 'read',
    params: 'SeasonParamsSchema',
    query: 'OffersBoardQuerySchema',
    answer: answer<F.OffersBoard>(),
  },
} as const satisfies Record<string, RouteDefinition>;
