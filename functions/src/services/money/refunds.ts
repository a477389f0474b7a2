/**
 * Refunds (POST /admin/tryouts/{id}/refund) and what Stripe says about refunds and disputes made in its own
 * dashboard (the webhook's charge.refunded and charge.dispute.* events). Money is never given back twice nor
 * beyond what was paid: db/money/refunds.ts reserves each refund against what was paid in one conditional
 * transaction keyed by the admin's idempotency key, and Stripe gets the same key, so a double click, a
 * retried request or an event racing the admin's answer all end in one refund.
 */
import {
  amountsOf,
  formatCad,
  serverMessages,
  type AccessTokenClaims,
  type AdminRefundAnswer,
  type RefundInput,
  type RefundRecord,
} from '@club/shared';
import * as outsideRefunds from '../../db/money/outside-refunds';
import * as refundsTable from '../../db/money/refunds';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { log } from '../../lib/log';
import { mailRefund } from '../mail/family-change-mail';
import { isStripeError } from '../../payments/checkout-sessions';
import { createRefund, type StripeDispute, type StripeRefund } from '../../payments/refunds';
import { idsOf, rowWithStatus } from '../registration/admin-table';
import { byAdmin } from '../platform/audit';
import { settlePendingTeamFeeRefunds } from './team-fee-refunds';

/** The namespace of refunds the admin made (their screen's key) and of those made in Stripe's dashboard. */
const ADMIN_KEY = refundsTable.ADMIN_REFUND_KEY;
const STRIPE_KEY = 'stripe:';

/** How often a refund is judged again when the registration changed under it (another refund landed). */
const MAX_ATTEMPTS = 5;

/**
 * POST /admin/tryouts/{id}/refund: gives back part (amount_cents) or the rest of what a registration paid.
 * A card refund goes through Stripe's Refunds API; a cash refund is recorded. The same idempotency key
 * answers the same refund again (finishing it if Stripe's answer was lost); what was asked back never
 * passes what was paid, whatever runs beside it (a clear 400 otherwise).
 */
export async function refundTryout(
  id: string,
  input: RefundInput,
  admin: AccessTokenClaims,
): Promise<AdminRefundAnswer> {
  const { seasonId, playerId } = idsOf(id);
  const key = ADMIN_KEY + input.idempotency_key;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await refundsTable.getRefund(seasonId, playerId, key);
    const tryout = await tryoutsTable.getTryout(seasonId, playerId);
    if (!tryout) throw new NotFoundError(serverMessages.registrationNotFound);
    if (existing) return answer(tryout, await finish(existing, tryout, input.idempotency_key));

    const paid = amountsOf(tryout).amount_paid_cents;
    if (paid === 0) throw new BadRequestError(serverMessages.nothingToRefund);
    const left = paid - (tryout.refund_reserved_cents ?? 0);
    const amount = input.amount_cents ?? left;
    if (amount < 1 || amount > left) {
      throw new BadRequestError(
        serverMessages.refundTooLarge
          .replace('{left}', formatCad(Math.max(0, left)))
          .replace('{paid}', formatCad(paid)),
      );
    }
    // Cash and e-Transfer (issue 46) go back outside Stripe: recorded as money given back.
    const cash = tryout.payment_method !== 'stripe';
    if (!cash && !tryout.payment_intent_id) {
      log.error('paid card registration has no payment intent; refund refused', { tryoutId: tryout.id });
      throw new BadRequestError(serverMessages.nothingToRefund);
    }
    const refund: refundsTable.RefundItem = {
      key,
      amount_cents: amount,
      method: tryout.payment_method,
      status: cash ? 'succeeded' : 'pending',
      reason: input.reason,
      created_at: new Date().toISOString(),
      season_id: seasonId,
      player_id: playerId,
      made_by: admin.sub,
    };
    const reserved = await refundsTable.reserveRefund({
      refund,
      paidCents: tryout.amount_cents,
      reservedBefore: tryout.refund_reserved_cents ?? 0,
      by: byAdmin(admin),
      tryoutId: tryout.id,
    });
    // Another refund (or this key's twin) landed between the read and the write: judge again on fresh state.
    if (reserved !== 'reserved') continue;
    log.info('refund reserved', { tryoutId: tryout.id, method: refund.method, amount });
    return answer(tryout, await finish(refund, tryout, input.idempotency_key));
  }
  throw new ServiceUnavailableError(serverMessages.registrationBusy);
}

/**
 * Takes a reserved card refund to Stripe (again, after a lost answer: the key makes Stripe answer the same
 * refund) and records it. Stripe refusing it gives the reservation back (400, Stripe's reason); Stripe not
 * answering leaves it pending for the admin's retry with the same key (503).
 */
async function finish(
  refund: refundsTable.RefundItem,
  tryout: RegistrationItem,
  refundKey: string,
): Promise<refundsTable.RefundItem> {
  if (refund.status !== 'pending') {
    await notifyRefund(refund);
    return refund;
  }
  const ids = { seasonId: refund.season_id, playerId: refund.player_id, key: refund.key };
  let made: StripeRefund;
  try {
    made = await createRefund({
      paymentIntentId: tryout.payment_intent_id ?? '',
      amountCents: refund.amount_cents,
      tryoutId: tryout.id,
      refundKey,
    });
  } catch (error) {
    if (isStripeError(error, 'StripeInvalidRequestError') || isStripeError(error, 'StripeCardError')) {
      await refundsTable.releaseRefund({ ...ids, tryoutId: tryout.id, now: new Date() });
      log.warn('stripe refused a refund', { tryoutId: tryout.id, code: error.code ?? null });
      throw new BadRequestError(serverMessages.refundRefused.replace('{reason}', error.message));
    }
    if (isStripeError(error)) {
      log.warn('stripe refund unanswered; left pending', { tryoutId: tryout.id, error: error.type });
      throw new ServiceUnavailableError(serverMessages.refundInProgress);
    }
    throw error;
  }
  await refundsTable.completeRefund({ ...ids, stripeRefundId: made.id });
  log.info('card refund made', { tryoutId: tryout.id, amount: refund.amount_cents });
  const done = { ...refund, status: 'succeeded' as const, stripe_refund_id: made.id };
  await notifyRefund(done);
  return done;
}

/** The family is mailed each refund once it went through (issue 36), with the registration as it is now. */
async function notifyRefund(refund: refundsTable.RefundItem): Promise<void> {
  if (refund.status !== 'succeeded') return;
  const tryout = await tryoutsTable.getTryout(refund.season_id, refund.player_id);
  if (tryout) await mailRefund(tryout, refund);
}

/** A card refund still pending this long after it was asked for lost its answer, or its request to a crash. */
export const SETTLE_PENDING_AFTER_MS = 10 * 60 * 1000;

export interface RefundSweepReport {
  settled: number;
  released: number;
  unanswered: number;
}

/**
 * The refund sweep (issue 34), every 15 minutes: a card refund reserved but never settled (a crash between
 * the reservation and Stripe, or Stripe's answer lost) caps every later refund of its registration until it
 * is. Each one older than SETTLE_PENDING_AFTER_MS is taken to Stripe again with its own key: Stripe answers
 * the refund it made (or makes the one it never got), and it is recorded; one Stripe refuses is released. One
 * Stripe still does not answer waits for the next run.
 */
export async function settlePendingRefunds(now: Date): Promise<RefundSweepReport> {
  const report: RefundSweepReport = { settled: 0, released: 0, unanswered: 0 };
  for (const season of await seasonsTable.listSeasons()) {
    // Team fees' refunds (issue 45 §4) are settled the same way, by their own keys.
    const teamFees = await settlePendingTeamFeeRefunds(season.id, now);
    report.settled += teamFees.settled;
    report.released += teamFees.released;
    report.unanswered += teamFees.unanswered;
    for (const refund of await refundsTable.pendingRefundsOfSeason(season.id)) {
      if (!refund.key.startsWith(ADMIN_KEY)) continue;
      if (new Date(refund.created_at).getTime() > now.getTime() - SETTLE_PENDING_AFTER_MS) continue;
      const tryout = await tryoutsTable.getTryout(refund.season_id, refund.player_id);
      if (!tryout) continue;
      try {
        await finish(refund, tryout, refund.key.slice(ADMIN_KEY.length));
        report.settled += 1;
      } catch (error) {
        if (error instanceof BadRequestError) report.released += 1;
        else if (error instanceof ServiceUnavailableError) report.unanswered += 1;
        else throw error;
      }
    }
  }
  if (report.settled + report.released + report.unanswered) log.info('refund sweep', { ...report });
  return report;
}

async function answer(tryout: RegistrationItem, refund: refundsTable.RefundItem): Promise<AdminRefundAnswer> {
  const [now, refunds] = await Promise.all([
    tryoutsTable.getTryout(tryout.season_id, tryout.player_id),
    refundsTable.listRefunds(tryout.season_id, tryout.player_id),
  ]);
  return {
    ...(await rowWithStatus(now ?? tryout)),
    refunds: refunds.map(refundsTable.toRefundRecord),
    refund: refundsTable.toRefundRecord(refund),
  };
}

/**
 * What Stripe lists as a payment's refunds, made true on the registrations it paid for (one, or a family
 * checkout's): a refund the admin made here names its registration and key in its metadata, and is completed
 * on that registration alone if it was still pending (the event beat the admin's answer), never counted
 * against a sibling's; one made in Stripe's dashboard is recorded once, by its Stripe id, on the first
 * registration with room for all of it (a family payment's refund names no athlete). Failed or cancelled
 * refunds gave nothing back and are left out.
 */
export async function reconcileRefunds(
  tryouts: readonly RegistrationItem[],
  refunds: StripeRefund[],
): Promise<void> {
  for (const made of refunds) {
    if (made.status === 'failed' || made.status === 'canceled') continue;
    const named = made.metadata.tryout_id;
    if (named) {
      const tryout = tryouts.find((t) => t.id === named);
      const ourKey = made.metadata.refund_key ? ADMIN_KEY + made.metadata.refund_key : null;
      if (tryout && ourKey && (await refundsTable.getRefund(tryout.season_id, tryout.player_id, ourKey))) {
        await refundsTable.completeRefund({
          seasonId: tryout.season_id,
          playerId: tryout.player_id,
          key: ourKey,
          stripeRefundId: made.id,
        });
        await notifyRefund({
          ...(await refundsTable.getRefund(tryout.season_id, tryout.player_id, ourKey))!,
          status: 'succeeded',
        });
        continue;
      }
      if (tryout) await recordOutside(tryout, made);
      else log.error('stripe refund names another registration; not recorded', { refundId: made.id });
      continue;
    }
    await recordOutsideOnce(tryouts, made);
  }
}

/**
 * A refund made in Stripe's dashboard: recorded once across the payment's registrations. It goes on the
 * first registration with room for all of it; a family payment's refund that fits no one registration is
 * split across them, largest room first, never past what each paid (issue 34: the screen's total is
 * Stripe's). What no registration has room for (only while other refunds of theirs are still pending) is
 * put on the screen as a payment to reconcile, never only logged.
 */
async function recordOutsideOnce(tryouts: readonly RegistrationItem[], made: StripeRefund) {
  const key = STRIPE_KEY + made.id;
  for (const tryout of tryouts) {
    if (await refundsTable.getRefund(tryout.season_id, tryout.player_id, key)) return;
  }
  const fresh = await tryoutsTable.getTryoutsOf(
    tryouts[0]!.season_id,
    tryouts.map((t) => t.player_id),
  );
  const order = tryouts.map((t) => fresh.find((f) => f.player_id === t.player_id) ?? t);
  const room = (t: RegistrationItem) =>
    Math.max(0, amountsOf(t).amount_paid_cents - (t.refund_reserved_cents ?? 0));
  const whole = tryouts.length === 1 ? order[0] : order.find((t) => room(t) >= made.amount);
  const parts: Array<{ tryout: RegistrationItem; amount: number }> = [];
  if (whole) parts.push({ tryout: whole, amount: made.amount });
  else {
    let left = made.amount;
    for (const tryout of [...order].sort((a, b) => room(b) - room(a))) {
      const amount = Math.min(room(tryout), left);
      if (amount > 0) parts.push({ tryout, amount });
      left -= amount;
    }
    if (left > 0) {
      await outsideRefunds.flagUnreconciledRefund(order[0]!, { refundId: made.id, amountCents: left });
      log.error('stripe refund of a family payment is more than its registrations can hold; flagged', {
        refundId: made.id,
      });
    }
  }
  if (!parts.length) return;
  const outcome = await outsideRefunds.recordOutsideRefund(
    parts.map(({ tryout, amount }) => outsideRefund(tryout, made, amount)),
  );
  if (outcome === 'changed') log.info('refund made in stripe recorded', { parts: parts.length });
}

function outsideRefund(
  tryout: RegistrationItem,
  made: StripeRefund,
  amount: number,
): refundsTable.RefundItem {
  return {
    key: STRIPE_KEY + made.id,
    amount_cents: amount,
    method: 'stripe',
    status: 'succeeded',
    reason: made.reason ? `Refunded in Stripe (${made.reason.replaceAll('_', ' ')})` : 'Refunded in Stripe',
    created_at: new Date(made.created * 1000).toISOString(),
    stripe_refund_id: made.id,
    season_id: tryout.season_id,
    player_id: tryout.player_id,
    made_by: 'stripe-dashboard',
  };
}

async function recordOutside(tryout: RegistrationItem, made: StripeRefund) {
  const outcome = await outsideRefunds.recordOutsideRefund(outsideRefund(tryout, made, made.amount));
  if (outcome === 'changed') log.info('refund made in stripe recorded', { tryoutId: tryout.id });
}

/** A dispute of a registration's card payment, as Stripe reports it, on the admin's row. */
export async function applyDispute(tryout: RegistrationItem, dispute: StripeDispute): Promise<void> {
  await outsideRefunds.recordDispute({
    seasonId: tryout.season_id,
    playerId: tryout.player_id,
    disputeId: dispute.id,
    status: dispute.status,
    now: new Date(),
  });
  log.warn('card payment disputed', { tryoutId: tryout.id, status: dispute.status });
}

/** A registration's refunds as the family's receipt lists them (those that went through). */
export async function refundsOf(tryout: RegistrationItem): Promise<RefundRecord[]> {
  const refunds = await refundsTable.listRefunds(tryout.season_id, tryout.player_id);
  return refunds.filter((r) => r.status === 'succeeded').map(refundsTable.toRefundRecord);
}
