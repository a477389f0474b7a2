/**
 * The instalment sweep (issue 46 §1): every hour in AWS (EventBridge, its own Lambda) and every minute on the
 * local stack, each team fee instalment whose due date (the club's day) has come is charged to
 * the card saved at the family's first payment, exactly once:
 * - a claim moves the instalment to `charging` and its attempt up from the value read (db/money/instalments.ts),
 *   so two sweeps at once, or a sweep run twice, charge it once;
 * - the charge's idempotency key names the instalment and the attempt (`instalment:<offerId>:<n>:<attempt>`),
 *   so a sweep that died after charging and before recording charges again with the same key at the next run
 *   once 15 minutes have passed (within the hour, inside Stripe's 24 hours) and Stripe answers the same
 *   PaymentIntent;
 * - a decline is recorded for that attempt, and the family is mailed once per attempt (the family-mail queue,
 *   claimed on the instalment) with a link to pay it; the sweep tries a declined one again, a day later at the
 *   earliest, only as many times as the team's setting allows, and never after a decline another try cannot
 *   turn (the bank asking the cardholder to confirm, an expired card: shared NOT_RETRIED_DECLINES).
 * `now` is injected, so a test sets the clock.
 */
import { todayInClubZone } from '@club/shared';
import * as instalmentsTable from '../../db/money/instalments';
import * as offersTable from '../../db/offers/offers';
import * as seasonsTable from '../../db/seasons/seasons';
import { teamsOfSeason } from '../../db/teams/teams';
import { teamId as teamIds, DEFAULT_INSTALMENT_RETRIES, isRetriedDecline } from '@club/shared';
import { log } from '../../lib/log';
import { chargeSavedCard, savedCardOf, type SavedCardCharge } from '../../payments/off-session';
import { mailInstalmentDeclineOnce, mailInstalmentPaidOnce } from '../mail/instalment-mail';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { retrieveCheckoutSession } from '../../payments/checkout-sessions';
import { changeOfSession, fulfilInstalmentSession, INSTALMENT_KIND } from './instalment-fulfilment';
import { recordInstalmentFee } from './stripe-fees';

/** A charge left `charging` this long (its sweep died or lost Stripe's answer) is tried again, same key. */
export const STALE_CHARGE_MS = 15 * 60 * 1000;

export { INSTALMENT_KIND };

export interface InstalmentSweepOutcome {
  paid: number;
  declined: number;
  processing: number;
  /** Charges Stripe did not answer (tried again with the same key once stale). */
  unanswered: number;
}

/** The charge's idempotency key: one per instalment and attempt. */
export function instalmentChargeKey(offerId: string, n: number, attempt: number): string {
  return `instalment:${offerId}:${n}:${attempt}`;
}

/**
 * One run. `seasonIds` limits it to those seasons (a test sweeping its own, beside other tests' seasons in
 * the same table); the job sweeps every season.
 */
export async function runInstalmentSweep(
  now: Date = new Date(),
  seasonIds?: readonly string[],
): Promise<InstalmentSweepOutcome> {
  const outcome: InstalmentSweepOutcome = { paid: 0, declined: 0, processing: 0, unanswered: 0 };
  // The seasons index is one small Query (a club has few seasons); only seasons whose offers went out can
  // hold instalments.
  for (const season of await seasonsTable.listSeasons()) {
    if (!season.offers_enabled || !season.offers_published_at) continue;
    if (seasonIds && !seasonIds.includes(season.id)) continue;
    await sweepSeason(season.id, now, outcome);
  }
  if (outcome.paid || outcome.declined || outcome.processing || outcome.unanswered) {
    log.info('instalment sweep', { ...outcome });
  }
  return outcome;
}

/** Whether an instalment is the sweep's to charge now (the claim's condition decides; this only skips reads). */
function isChargeable(item: instalmentsTable.InstalmentItem, today: string, retries: number, now: Date) {
  if (item.state === 'scheduled') return item.due_date <= today;
  if (item.state === 'declined') {
    return (
      isRetriedDecline(item.declined_reason) &&
      item.attempts <= retries &&
      (item.last_attempt_day ?? '') < today
    );
  }
  if (item.state === 'charging') {
    return (item.charging_since ?? '') <= new Date(now.getTime() - STALE_CHARGE_MS).toISOString();
  }
  return false;
}

async function sweepSeason(seasonId: string, now: Date, outcome: InstalmentSweepOutcome): Promise<void> {
  const items = await instalmentsTable.instalmentsOfSeason(seasonId);
  if (items.length === 0) return;
  const today = todayInClubZone(now);
  const [offers, teams] = await Promise.all([offersTable.offersOfSeason(seasonId), teamsOfSeason(seasonId)]);
  const teamOfOffer = new Map(offers.map((o) => [o.player_id, o.team_id]));
  const offerOf = new Map(offers.map((o) => [o.player_id, o as TeamFeeOffer]));
  const retriesOf = new Map(
    teams.map((t) => [teamIds.of(seasonId, t.team_uuid), t.instalment_retries ?? DEFAULT_INSTALMENT_RETRIES]),
  );
  for (const item of items) {
    const retries = retriesOf.get(teamOfOffer.get(item.player_id) ?? '') ?? DEFAULT_INSTALMENT_RETRIES;
    if (!isChargeable(item, today, retries, now)) continue;
    const paged = await settleFamilyPage(item, offerOf.get(item.player_id));
    if (!paged) continue;
    const settled = await withCard(paged, offerOf.get(item.player_id));
    const claim = await instalmentsTable.claimInstalment({
      item: settled,
      today,
      retries,
      now,
      staleBefore: new Date(now.getTime() - STALE_CHARGE_MS),
    });
    if (!claim) continue;
    await chargeClaimed(claim.item, now, outcome);
  }
}

/**
 * An instalment written without a card (reading the card saved at the first payment failed then): the card is
 * read again from that payment and kept on the instalments that have none, before the charge. Best effort:
 * still none, the charge is recorded declined and the family pays by its link.
 */
async function withCard(
  item: instalmentsTable.InstalmentItem,
  offer: TeamFeeOffer | undefined,
): Promise<instalmentsTable.InstalmentItem> {
  if ((item.customer_id && item.payment_method_id) || !offer?.fee_payment_intent_id) return item;
  try {
    const card = await savedCardOf(offer.fee_payment_intent_id);
    if (!card) return item;
    await instalmentsTable.backFillCard(item.season_id, item.player_id, card);
    return { ...item, customer_id: card.customerId, payment_method_id: card.paymentMethodId };
  } catch (error) {
    log.warn('saved card of the first instalment not read again', {
      offerId: item.offer_id,
      n: item.n,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return item;
  }
}

/**
 * The family's own page for the instalment (its link after a decline), before the sweep may charge it: paid
 * there (the webhook late or lost) is recorded as the page's payment, and nothing is charged; still open is
 * left to the family; expired or failed is forgotten, so the claim (which needs no page) may take it. Answers
 * the instalment to claim, or null to leave it this run.
 */
async function settleFamilyPage(
  item: instalmentsTable.InstalmentItem,
  offer: TeamFeeOffer | undefined,
): Promise<instalmentsTable.InstalmentItem | null> {
  if (!item.checkout_session_id || item.state === 'charging') return item;
  if (!offer) return null;
  let session;
  try {
    session = await retrieveCheckoutSession(item.checkout_session_id);
  } catch (error) {
    log.warn('instalment page not read; left for the next run', {
      offerId: item.offer_id,
      n: item.n,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return null;
  }
  if (!session || session.status === 'open') return null;
  await fulfilInstalmentSession(offer, session, changeOfSession(session), { source: 'instalment sweep' });
  if (session.status === 'complete') return null;
  return instalmentsTable.getInstalment(item.season_id, item.player_id, item.n);
}

/** Charges a claimed instalment and records what Stripe answered (for that attempt only). */
async function chargeClaimed(
  item: instalmentsTable.InstalmentItem,
  now: Date,
  outcome: InstalmentSweepOutcome,
): Promise<void> {
  let charge: SavedCardCharge;
  if (!item.customer_id || !item.payment_method_id) {
    // No card was saved at the first payment: the family is asked to pay it by its link.
    charge = { kind: 'declined', paymentIntentId: null, reason: 'other' };
  } else {
    try {
      charge = await chargeSavedCard({
        customerId: item.customer_id,
        paymentMethodId: item.payment_method_id,
        amountCents: item.amount_cents,
        idempotencyKey: instalmentChargeKey(item.offer_id, item.n, item.attempts),
        metadata: {
          kind: INSTALMENT_KIND,
          offer_id: item.offer_id,
          season_id: item.season_id,
          instalment: String(item.n),
          attempt: String(item.attempts),
        },
      });
    } catch (error) {
      // Left charging: once stale, the next sweep asks again with the same key (no second charge).
      log.warn('instalment charge not answered', {
        offerId: item.offer_id,
        n: item.n,
        error: error instanceof Error ? error.name : 'unknown',
      });
      outcome.unanswered += 1;
      return;
    }
  }
  const at = { seasonId: item.season_id, playerId: item.player_id, n: item.n, now };
  switch (charge.kind) {
    case 'succeeded':
      await instalmentsTable.recordInstalmentPaid({
        ...at,
        amountCents: item.amount_cents,
        paymentIntentId: charge.paymentIntentId,
      });
      await recordInstalmentFee(at, charge.paymentIntentId);
      await mailInstalmentPaidOnce(item.season_id, item.player_id, item.n);
      outcome.paid += 1;
      return;
    case 'processing':
      await instalmentsTable.recordInstalmentProcessing({
        ...at,
        attempts: item.attempts,
        paymentIntentId: charge.paymentIntentId,
      });
      outcome.processing += 1;
      return;
    case 'declined':
      await instalmentsTable.recordInstalmentDeclined({
        ...at,
        attempts: item.attempts,
        reason: charge.reason,
        paymentIntentId: charge.paymentIntentId,
      });
      await mailInstalmentDeclineOnce(item);
      outcome.declined += 1;
      return;
  }
}
