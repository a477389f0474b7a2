import { defineHandler } from '../http';
import { publishOffers } from '../../services/offers/offers';

/** POST /admin/seasons/{id}/offers/publish: the hour the season's offers go out. */
export const handler = defineHandler('publishOffers', (req) =>
  publishOffers(req.params.id, req.body, req.user),
);
