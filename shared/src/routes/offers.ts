/**
 * Offers with a deadline (issue 45 §3). Part of the one route table, routes.ts. A family's routes are open
 * to any signed-in account and checked in the service: only a guardian of the player's household, or the
 * adult player, may answer an offer (any other caller: 404).
 */
import { answer, type RouteDefinition } from './route-definition';
import type { OfferAnswer, OffersPublishAnswer } from '../offers';

export const offerRoutes = {
  /**
   * The hour the season's offers go out (now when left out): then every placed player's family gets its
   * offer, every alternate's that they are one, and everyone else the spec's Not Selected, by mail once.
   */
  publishOffers: {
    method: 'POST',
    path: '/admin/seasons/{id}/offers/publish',
    access: 'admin',
    handler: 'offers/publish',
    table: 'write',
    params: 'SeasonParamsSchema',
    body: 'PublishOffersSchema',
    answer: answer<OffersPublishAnswer>(),
    queue: 'resultMail',
  },
  /** The family takes the place, typing a name to accept the team's waiver; refused after the deadline. */
  acceptOffer: {
    method: 'POST',
    path: '/offers/{offerId}/accept',
    access: 'user',
    handler: 'offers/accept',
    table: 'write',
    params: 'OfferParamsSchema',
    body: 'AcceptOfferSchema',
    answer: answer<OfferAnswer>(),
  },
  /** The family says no (a reason if it likes); the place goes to the team's next alternate. */
  declineOffer: {
    method: 'POST',
    path: '/offers/{offerId}/decline',
    access: 'user',
    handler: 'offers/decline',
    table: 'write',
    params: 'OfferParamsSchema',
    body: 'DeclineOfferSchema',
    answer: answer<OfferAnswer>(),
    queue: 'resultMail',
  },
  /** The club takes an offer back (or ends it as expired), audited; its place goes to the next alternate. */
  rescindOffer: {
    method: 'POST',
    path: '/admin/offers/{offerId}/rescind',
    access: 'admin',
    handler: 'offers/rescind',
    table: 'write',
    params: 'OfferParamsSchema',
    body: 'RescindOfferSchema',
    answer: answer<OfferAnswer>(),
    queue: 'resultMail',
  },
} as const satisfies Record<string, RouteDefinition>;
