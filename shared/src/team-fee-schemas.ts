/**
 * The valibot schemas of the team fee and the offers board (issue 45 §4, §5): paying by card (a body that
 * names anything, an amount above all, is refused: the amount is the offer's), cash collected, refunds, and
 * the board's age group.
 */
import * as v from 'valibot';
import { AGE_GROUPS } from './constants';
import { teamFeeMessages as m } from './messages';
import { MAX_INSTALMENTS } from './instalments';
import { OfferIdSchema } from './offer-schemas';
import { MAX_TEAM_FEE_CENTS } from './teams';

/**
 * POST /offers/{offerId}/checkout: nothing. The amount is the offer's fee, read by the server; a request
 * naming an amount (or anything else) is refused, so no client can choose what it pays.
 */
export const TeamFeeCheckoutSchema = v.strictObject({}, m.checkoutTakesNothing);

/** An instalment paid by its link (issue 46) in paths: 2 to 4 (the first is the fee's own checkout). */
export const InstalmentNumberSchema = v.pipe(
  v.string('Not found.'),
  v.regex(new RegExp(`^[2-${MAX_INSTALMENTS}]$`), 'Not found.'),
  v.transform(Number),
);
/** Path `{offerId}` and `{n}`. */
export const InstalmentParamsSchema = v.object({ offerId: OfferIdSchema, n: InstalmentNumberSchema });

/** POST /offers/{offerId}/withdraw: nothing; the refund is the club's decision under its policy. */
export const WithdrawOfferSchema = v.strictObject({}, m.withdrawTakesNothing);

/** PATCH /admin/offers/{offerId}/cash: the team fee was collected in cash (or was not). */
export const TeamFeeCashSchema = v.object({ collected: v.boolean(m.collectedInvalid) }, m.collectedInvalid);
export type TeamFeeCashInput = v.InferOutput<typeof TeamFeeCashSchema>;

/**
 * POST /admin/offers/{offerId}/refund: how much (cents; left out = all that is left of what was paid), why,
 * and the key the screen made once for the refund meant, so a double click or a retry refunds once.
 */
export const TeamFeeRefundSchema = v.object(
  {
    amount_cents: v.optional(
      v.pipe(
        v.number(m.refundAmountInvalid),
        v.integer(m.refundAmountInvalid),
        v.minValue(1, m.refundAmountInvalid),
        v.maxValue(MAX_TEAM_FEE_CENTS, m.refundAmountInvalid),
      ),
    ),
    reason: v.pipe(
      v.string(m.refundReasonRequired),
      v.trim(),
      v.nonEmpty(m.refundReasonRequired),
      v.maxLength(200, m.refundReasonRequired),
    ),
    idempotency_key: v.pipe(
      v.string(m.refundKeyInvalid),
      v.regex(/^[A-Za-z0-9_-]{8,64}$/, m.refundKeyInvalid),
    ),
    /**
     * Which payment of a fee paid by card in instalments (issue 46) the refund gives back from: 1 is the
     * offer's own first payment, 2..4 the later instalments. Required for such a fee, refused for another.
     */
    instalment: v.optional(
      v.pipe(
        v.number(m.refundInstalmentInvalid),
        v.integer(m.refundInstalmentInvalid),
        v.minValue(1, m.refundInstalmentInvalid),
        v.maxValue(MAX_INSTALMENTS, m.refundInstalmentInvalid),
      ),
    ),
  },
  m.refundReasonRequired,
);
export type TeamFeeRefundInput = v.InferOutput<typeof TeamFeeRefundSchema>;

/** Query of GET /admin/seasons/{id}/offers-board: one age group's teams, or every team when left out. */
export const OffersBoardQuerySchema = v.object({
  age_group: v.optional(v.picklist(AGE_GROUPS, m.ageGroupInvalid)),
});
