/**
 * Refunds of a team fee (issue 45 §4): POST /admin/offers/{offerId}/refund works as a registration's refund
 * (refunds.ts): the admin's idempotency key makes a double click, a retry or Stripe's event racing the answer
 * one refund; what is asked back never passes what was paid (db/money/team-fee-refunds.ts reserves it in one
 * conditional transaction); a card refund goes through Stripe's Refunds API with the same key, a cash one is
 * recorded. The refund sweep settles card refunds a crash or a lost answer left pending.
 */
import {
  formatCad,
  offerId as offerIds,
  serverMessages,
  teamFeeMessages,
  type AccessTokenClaims,
  type AdminOfferFee,
  type AdminOfferRefundAnswer,
  type TeamFeeRefundInput,
} from '@club/shared';
import * as usersTable from '../../db/accounts/users';
import * as offersTable from '../../db/offers/offers';
import * as refundsTable from '../../db/money/team-fee-refunds';
import { toRefundRecord } from '../../db/money/refunds';
import * as seasonsTable from '../../db/seasons/seasons';
import * as teamsTable from '../../db/teams/teams';
import * as tryoutsTable from '../../db/registration/registrations';
import { feeStateOf, paidCentsOf, type TeamFeeOffer } from '../../db/money/team-fees';
import { getInstalment, instalmentsOfPlayer, type InstalmentItem } from '../../db/money/instalments';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { log } from '../../lib/log';
import { teamFeeRefundMail } from '../../mail/team-fee-mails';
import { isStripeError, type CheckoutSession } from '../../payments/checkout-sessions';
import { createTeamFeeRefund, type StripeRefund } from '../../payments/refunds';
import { mailFamilyNoticeOnce } from '../mail/family-notice-mail';
import { byAdmin } from '../platform/audit';
import { instalmentViews } from './instalment-plan';

const ADMIN_KEY = refundsTable.ADMIN_REFUND_KEY;
const STRIPE_KEY = 'stripe:';

/** How often a refund is judged again when the offer changed under it (another refund landed). */
const MAX_ATTEMPTS = 5;

/** A card refund still pending this long after it was asked for lost its answer (as refunds.ts). */
const SETTLE_PENDING_AFTER_MS = 10 * 60 * 1000;

/** The offer an id names (any offer of ours: the admin's), or a 404. */
export async function offerNamed(id: string): Promise<TeamFeeOffer> {
  const ids = offerIds.parse(id);
  const offer = ids ? await offersTable.getOffer(ids.seasonId, ids.playerId) : null;
  if (!offer) throw new NotFoundError(teamFeeMessages.offerNotFound);
  return offer as TeamFeeOffer;
}

/**
 * An offer's fee as the admin sees it, with its refunds (those given a list, or read) and, for a fee in
 * instalments (issue 46), its instalments (those given, or read).
 */
export async function adminFeeOf(
  offer: TeamFeeOffer,
  refunds?: readonly refundsTable.TeamFeeRefundItem[],
  instalments?: readonly InstalmentItem[],
): Promise<AdminOfferFee> {
  const list = refunds ?? (await refundsTable.listTeamFeeRefunds(offer.season_id, offer.player_id));
  const plan = offer.fee_plan
    ? instalmentViews(
        offer,
        [...(instalments ?? (await instalmentsOfPlayer(offer.season_id, offer.player_id)))],
        null,
      )
    : null;
  return {
    offer_id: offer.id,
    state: offer.state,
    fee_cents: offer.fee_cents,
    fee_state: feeStateOf(offer),
    fee_method:
      offer.fee_state === 'paid' || offer.fee_state === 'on_plan' ? (offer.fee_method ?? null) : null,
    paid_cents: paidCentsOf(offer),
    refunded_cents: offer.fee_refunded_cents ?? 0,
    refund_reserved_cents: offer.fee_refund_reserved_cents ?? 0,
    withdrawn_after_acceptance: offer.withdrawn_after_acceptance === true,
    refunds: list.map(toRefundRecord),
    ...(plan ? { instalments: plan } : {}),
  };
}

/**
 * POST /admin/offers/{offerId}/refund: gives back part (amount_cents) or the rest of a paid team fee. The same
 * idempotency key answers the same refund again (finishing it if Stripe's answer was lost).
 */
export async function refundOffer(
  id: string,
  input: TeamFeeRefundInput,
  admin: AccessTokenClaims,
): Promise<AdminOfferRefundAnswer> {
  const first = await offerNamed(id);
  const key = ADMIN_KEY + input.idempotency_key;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await refundsTable.getTeamFeeRefund(first.season_id, first.player_id, key);
    const offer = attempt === 0 ? first : await offerNamed(id);
    if (existing) return answer(offer, await finish(existing, offer, input.idempotency_key));

    // A fee paid by card in instalments (issue 46) is several payments: a refund names the one it gives back
    // from, and is held within what that one paid.
    if (offer.fee_plan && offer.fee_method === 'stripe') {
      const reserved = await reserveOnInstalment(offer, input, admin, key);
      if (!reserved) continue;
      log.info('team fee instalment refund reserved', { offerId: offer.id, n: reserved.instalment });
      return answer(offer, await finish(reserved, offer, input.idempotency_key));
    }
    if (input.instalment !== undefined) throw new BadRequestError(teamFeeMessages.refundNotOnPlan);
    const paid = offer.fee_state === 'paid' ? offer.fee_cents : 0;
    if (paid === 0) throw new BadRequestError(teamFeeMessages.nothingToRefund);
    const left = paid - (offer.fee_refund_reserved_cents ?? 0);
    const amount = input.amount_cents ?? left;
    if (amount < 1 || amount > left) {
      throw new BadRequestError(
        teamFeeMessages.refundTooLarge
          .replace('{left}', formatCad(Math.max(0, left)))
          .replace('{paid}', formatCad(paid)),
      );
    }
    const method = offer.fee_method ?? 'stripe';
    if (method === 'stripe' && !offer.fee_payment_intent_id) {
      log.error('paid team fee has no payment intent; refund refused', { offerId: offer.id });
      throw new BadRequestError(teamFeeMessages.nothingToRefund);
    }
    const refund: refundsTable.TeamFeeRefundItem = {
      key,
      amount_cents: amount,
      method,
      status: method === 'cash' ? 'succeeded' : 'pending',
      reason: input.reason,
      created_at: new Date().toISOString(),
      season_id: offer.season_id,
      player_id: offer.player_id,
      made_by: admin.sub,
    };
    const reserved = await refundsTable.reserveTeamFeeRefund({
      refund,
      paidCents: offer.fee_cents,
      reservedBefore: offer.fee_refund_reserved_cents ?? 0,
      by: byAdmin(admin),
      offerId: offer.id,
    });
    // Another refund (or this key's twin) landed between the read and the write: judge again.
    if (reserved !== 'reserved') continue;
    log.info('team fee refund reserved', { offerId: offer.id, method, amount });
    return answer(offer, await finish(refund, offer, input.idempotency_key));
  }
  throw new ServiceUnavailableError(serverMessages.registrationBusy);
}

/** What one instalment payment of a card plan paid, its PaymentIntent and what was asked back from it. */
async function instalmentPayment(
  offer: TeamFeeOffer,
  n: number,
): Promise<{ cents: number; paymentIntentId: string; reserved: number } | null> {
  if (n === 1) {
    const paid = offer.fee_state === 'on_plan' || offer.fee_state === 'paid';
    if (!paid || !offer.fee_plan || !offer.fee_payment_intent_id) return null;
    return {
      cents: offer.fee_plan.amounts[0] ?? 0,
      paymentIntentId: offer.fee_payment_intent_id,
      reserved: offer.fee_first_refund_reserved_cents ?? 0,
    };
  }
  const item = await getInstalment(offer.season_id, offer.player_id, n);
  if (item?.state !== 'paid' || !item.payment_intent_id) return null;
  return {
    cents: item.amount_cents,
    paymentIntentId: item.payment_intent_id,
    reserved: item.refund_reserved_cents ?? 0,
  };
}

/**
 * Reserves a refund of the instalment the admin named (required for a card plan), within what it paid; the
 * refund, or null when a concurrent one changed what is left (judged again).
 */
async function reserveOnInstalment(
  offer: TeamFeeOffer,
  input: TeamFeeRefundInput,
  admin: AccessTokenClaims,
  key: string,
): Promise<(refundsTable.TeamFeeRefundItem & { instalment: number }) | null> {
  const n = input.instalment;
  if (n === undefined) throw new BadRequestError(teamFeeMessages.refundOnPlan);
  const paid = await instalmentPayment(offer, n);
  if (!paid) throw new BadRequestError(teamFeeMessages.refundInstalmentNotPaid.replace('{n}', String(n)));
  const left = paid.cents - paid.reserved;
  const amount = input.amount_cents ?? left;
  if (amount < 1 || amount > left) {
    throw new BadRequestError(
      teamFeeMessages.refundInstalmentTooLarge
        .replace('{n}', String(n))
        .replace('{left}', formatCad(Math.max(0, left)))
        .replace('{paid}', formatCad(paid.cents)),
    );
  }
  const refund = {
    key,
    amount_cents: amount,
    method: 'stripe' as const,
    status: 'pending' as const,
    reason: input.reason,
    created_at: new Date().toISOString(),
    season_id: offer.season_id,
    player_id: offer.player_id,
    made_by: admin.sub,
    instalment: n,
  };
  const reserved = await refundsTable.reserveInstalmentRefund({
    refund,
    paidCents: paid.cents,
    by: byAdmin(admin),
    offerId: offer.id,
  });
  return reserved === 'reserved' ? refund : null;
}

/** The PaymentIntent a card refund goes to: its instalment's (2..4), else the fee's own (or instalment 1's). */
async function paymentIntentOf(refund: refundsTable.TeamFeeRefundItem, offer: TeamFeeOffer): Promise<string> {
  if (refund.instalment && refund.instalment > 1) {
    const item = await getInstalment(offer.season_id, offer.player_id, refund.instalment);
    return item?.payment_intent_id ?? '';
  }
  return offer.fee_payment_intent_id ?? '';
}

/**
 * Takes a reserved card refund to Stripe (again, after a lost answer: the key makes Stripe answer the same
 * refund) and records it. Stripe refusing it gives the reservation back (400); Stripe not answering leaves it
 * pending for a retry with the same key or the sweep (503).
 */
async function finish(
  refund: refundsTable.TeamFeeRefundItem,
  offer: TeamFeeOffer,
  refundKey: string,
): Promise<refundsTable.TeamFeeRefundItem> {
  if (refund.status !== 'pending') {
    await notifyRefund(refund);
    return refund;
  }
  const ids = { seasonId: refund.season_id, playerId: refund.player_id, key: refund.key };
  let made: StripeRefund;
  try {
    made = await createTeamFeeRefund({
      paymentIntentId: await paymentIntentOf(refund, offer),
      amountCents: refund.amount_cents,
      offerId: offer.id,
      refundKey,
    });
  } catch (error) {
    if (isStripeError(error, 'StripeInvalidRequestError') || isStripeError(error, 'StripeCardError')) {
      await refundsTable.releaseTeamFeeRefund({ ...ids, offerId: offer.id, now: new Date() });
      log.warn('stripe refused a team fee refund', { offerId: offer.id, code: error.code ?? null });
      throw new BadRequestError(serverMessages.refundRefused.replace('{reason}', error.message));
    }
    if (isStripeError(error)) {
      log.warn('stripe team fee refund unanswered; left pending', { offerId: offer.id, error: error.type });
      throw new ServiceUnavailableError(serverMessages.refundInProgress);
    }
    throw error;
  }
  await refundsTable.completeTeamFeeRefund({ ...ids, stripeRefundId: made.id });
  log.info('team fee card refund made', { offerId: offer.id, amount: refund.amount_cents });
  const done = { ...refund, status: 'succeeded' as const, stripe_refund_id: made.id };
  await notifyRefund(done);
  return done;
}

/** The family is mailed each refund once it went through (a family notice per refund: once). */
async function notifyRefund(refund: refundsTable.TeamFeeRefundItem): Promise<void> {
  if (refund.status !== 'succeeded') return;
  try {
    const offer = (await offersTable.getOffer(refund.season_id, refund.player_id)) as TeamFeeOffer | null;
    const tryout = await tryoutsTable.getTryout(refund.season_id, refund.player_id);
    if (!offer || !tryout) return;
    const [season, team, account] = await Promise.all([
      seasonsTable.getSeason(offer.season_id),
      teamsTable.getTeam(offer.team_id),
      usersTable.getUser(tryout.user_id),
    ]);
    if (!season || !team || !account) return;
    await mailFamilyNoticeOnce({
      noticeId: `team-fee-refund.${offer.id}.${refund.key}`,
      accountId: tryout.user_id,
      now: new Date(),
      write: async () =>
        teamFeeRefundMail({
          to: tryout.email,
          firstName: account.first_name,
          athleteName: tryout.player_id === tryout.user_id ? null : tryout.first_name,
          teamName: team.name,
          seasonName: season.name,
          amountCents: refund.amount_cents,
          // A team fee is paid by card or cash; money given back outside Stripe reads as cash.
          method: refund.method === 'stripe' ? 'stripe' : 'cash',
          paidCents: paidCentsOf(offer),
          refundedCents: offer.fee_refunded_cents ?? 0,
        }),
    });
  } catch (error) {
    log.error('team fee refund mail not sent', { error: error instanceof Error ? error.name : 'unknown' });
  }
}

async function answer(
  offer: TeamFeeOffer,
  refund: refundsTable.TeamFeeRefundItem,
): Promise<AdminOfferRefundAnswer> {
  const now =
    ((await offersTable.getOffer(offer.season_id, offer.player_id)) as TeamFeeOffer | null) ?? offer;
  return { fee: await adminFeeOf(now), refund: toRefundRecord(refund) };
}

/**
 * The refund sweep's part for team fees (refunds.ts settlePendingRefunds calls it): each card refund reserved
 * but unsettled for SETTLE_PENDING_AFTER_MS is taken to Stripe again with its own key.
 */
export async function settlePendingTeamFeeRefunds(
  seasonId: string,
  now: Date,
): Promise<{ settled: number; released: number; unanswered: number }> {
  const report = { settled: 0, released: 0, unanswered: 0 };
  for (const refund of await refundsTable.teamFeeRefundsOfSeason(seasonId)) {
    if (refund.status !== 'pending' || !refund.key.startsWith(ADMIN_KEY)) continue;
    if (new Date(refund.created_at).getTime() > now.getTime() - SETTLE_PENDING_AFTER_MS) continue;
    const offer = (await offersTable.getOffer(refund.season_id, refund.player_id)) as TeamFeeOffer | null;
    if (!offer) continue;
    try {
      await finish(refund, offer, refund.key.slice(ADMIN_KEY.length));
      report.settled += 1;
    } catch (error) {
      if (error instanceof BadRequestError) report.released += 1;
      else if (error instanceof ServiceUnavailableError) report.unanswered += 1;
      else throw error;
    }
  }
  return report;
}

/**
 * What Stripe lists as a team fee payment's refunds, made true on its offer: one the admin made here (its
 * metadata names the offer and key) is completed if still pending; one made in Stripe's dashboard is recorded
 * once, by its Stripe id, within what was paid (else logged for the admin to reconcile).
 */
export async function reconcileTeamFeeRefunds(
  session: CheckoutSession,
  paymentIntentId: string,
  refunds: StripeRefund[],
): Promise<void> {
  const ids = offerIds.parse(session.metadata.offer_id ?? '');
  const offer = ids
    ? ((await offersTable.getOffer(ids.seasonId, ids.playerId)) as TeamFeeOffer | null)
    : null;
  if (!offer || offer.fee_payment_intent_id !== paymentIntentId) {
    log.error('stripe refund of a team fee does not match an offer; nothing changed', {
      paymentIntentId,
    });
    return;
  }
  for (const made of refunds) {
    if (made.status === 'failed' || made.status === 'canceled') continue;
    const ourKey = made.metadata.refund_key ? ADMIN_KEY + made.metadata.refund_key : null;
    if (made.metadata.offer_id === offer.id && ourKey) {
      const ours = await refundsTable.getTeamFeeRefund(offer.season_id, offer.player_id, ourKey);
      if (ours) {
        await refundsTable.completeTeamFeeRefund({
          seasonId: offer.season_id,
          playerId: offer.player_id,
          key: ourKey,
          stripeRefundId: made.id,
        });
        await notifyRefund({ ...ours, status: 'succeeded', stripe_refund_id: made.id });
        continue;
      }
    }
    const key = STRIPE_KEY + made.id;
    if (await refundsTable.getTeamFeeRefund(offer.season_id, offer.player_id, key)) continue;
    const fresh = (await offersTable.getOffer(offer.season_id, offer.player_id)) as TeamFeeOffer;
    const reservedBefore = fresh.fee_refund_reserved_cents ?? 0;
    const recorded = await refundsTable.reserveTeamFeeRefund({
      refund: {
        key,
        amount_cents: made.amount,
        method: 'stripe',
        status: 'pending',
        reason: made.reason
          ? `Refunded in Stripe (${made.reason.replaceAll('_', ' ')})`
          : 'Refunded in Stripe',
        created_at: new Date(made.created * 1000).toISOString(),
        season_id: offer.season_id,
        player_id: offer.player_id,
        made_by: 'stripe-dashboard',
      },
      paidCents: fresh.fee_cents,
      reservedBefore,
      by: { actorId: 'stripe-dashboard', now: new Date() },
      offerId: offer.id,
    });
    if (recorded === 'reserved') {
      await refundsTable.completeTeamFeeRefund({
        seasonId: offer.season_id,
        playerId: offer.player_id,
        key,
        stripeRefundId: made.id,
      });
      log.info('team fee refund made in stripe recorded', { offerId: offer.id });
    } else if (recorded === 'refused') {
      log.error('stripe refund of a team fee is more than it can hold; not recorded', { refundId: made.id });
    }
  }
}
