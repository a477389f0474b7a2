/**
 * The valibot schemas of offers with a deadline (issue 45 §3): the season's offer settings, publishing, and a
 * family's or the admin's answer to an offer.
 */
import * as v from 'valibot';
import { offerId } from './ids';
import { offerMessages as m } from './messages';
import { RESPOND_WITHIN_HOURS } from './offers';

const MAX_WAIVER_NAME = 100;
const MAX_REASON = 500;

/** `offers` of PATCH /admin/seasons/{id}: any of its settings; what is left out stays as it is. */
export const OfferSettingsInputSchema = v.object({
  enabled: v.optional(v.boolean(m.enabledInvalid)),
  respond_within_hours: v.optional(
    v.pipe(
      v.number(m.respondWithinHours),
      v.integer(m.respondWithinHours),
      v.minValue(RESPOND_WITHIN_HOURS.min, m.respondWithinHours),
      v.maxValue(RESPOND_WITHIN_HOURS.max, m.respondWithinHours),
    ),
  ),
  auto_offer_alternates: v.optional(v.boolean(m.autoOfferInvalid)),
});
export type OfferSettingsInput = v.InferOutput<typeof OfferSettingsInputSchema>;

/** POST /admin/seasons/{id}/offers/publish: when the offers go out (an ISO instant), now when left out. */
export const PublishOffersSchema = v.object({
  at: v.optional(
    v.pipe(
      v.string(m.publishAtInvalid),
      v.isoTimestamp(m.publishAtInvalid),
      v.check((at) => !Number.isNaN(Date.parse(at)), m.publishAtInvalid),
    ),
  ),
});
export type PublishOffersInput = v.InferOutput<typeof PublishOffersSchema>;

/** An offer's id in paths: `<seasonId>.<playerId>` (ids.ts offerId); anything else is not found. */
export const OfferIdSchema = v.pipe(v.string('Not found.'), v.regex(offerId.pattern, 'Not found.'));
/** Path `{offerId}`. */
export const OfferParamsSchema = v.object({ offerId: OfferIdSchema });

/** POST /offers/{offerId}/accept: the name typed to accept the team's waiver. */
export const AcceptOfferSchema = v.object(
  {
    waiver_name: v.pipe(
      v.string(m.waiverNameRequired),
      v.trim(),
      v.nonEmpty(m.waiverNameRequired),
      v.maxLength(MAX_WAIVER_NAME, m.waiverNameTooLong),
    ),
  },
  m.waiverNameRequired,
);
export type AcceptOfferInput = v.InferOutput<typeof AcceptOfferSchema>;

/** POST /offers/{offerId}/decline: an optional reason. */
export const DeclineOfferSchema = v.object({
  reason: v.optional(v.pipe(v.string(m.reasonTooLong), v.trim(), v.maxLength(MAX_REASON, m.reasonTooLong))),
});
export type DeclineOfferInput = v.InferOutput<typeof DeclineOfferSchema>;

/** POST /admin/offers/{offerId}/rescind: ended as rescinded (the default) or expired, and why. */
export const RescindOfferSchema = v.object({
  as: v.optional(v.picklist(['rescinded', 'expired'], m.rescindAsInvalid)),
  reason: v.optional(v.pipe(v.string(m.reasonTooLong), v.trim(), v.maxLength(MAX_REASON, m.reasonTooLong))),
});
export type RescindOfferInput = v.InferOutput<typeof RescindOfferSchema>;
