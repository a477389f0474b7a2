import { defineHandler } from '../http';
import { getOffersBoard } from '../../services/offers/offers-board';

/** GET /admin/seasons/{id}/offers-board?age_group=: each team's places, offers, alternates and fees. */
export const handler = defineHandler('getOffersBoard', (req) =>
  getOffersBoard(req.params.id, req.query.age_group),
);
