/**
 * The team fee's fulfilment (issue 45 §4): what Stripe says about a team fee's Checkout Session, applied once.
 * The webhook (payment-fulfilment.ts hands it every session whose metadata says `kind: team_fee`), the
 * family's return from checkout and a new checkout page all come here, so a replayed event or two at once
 * mark the fee paid once and mail its confirmation once.
 */
import { offerId as offerIds, PAYMENT_CURRENCY } from '@club/shared';
import * as offersTable from '../../db/offers/offers';
import * as teamFees from '../../db/money/team-fees';
import type { PaymentChange } from '../../db/money/payments';
import * as instalmentsTable from '../../db/money/instalments';
import { markAlone, type Marker, type OnceOutcome } from '../../db/platform/exactly-once';
import { log } from '../../lib/log';
import { paymentIntentIdOf, TEAM_FEE_KIND, type CheckoutSession } from '../../payments/checkout-sessions';
import { savedCardOf } from '../../payments/off-session';
import { fulfilInstalmentSession, instalmentOfSession } from './instalment-fulfilment';
import { paymentCardOf } from '../../payments/refunds';
import { mailInstalmentPaidOnce } from '../mail/instalment-mail';
import { mailTeamFeeConfirmationOnce } from '../mail/team-fee-mail';
import { recordTeamFeeFee } from './stripe-fees';

/** What a session's state says about the payment; null while it is open. */
export function changeOf(session: CheckoutSession): PaymentChange | null {
  if (session.status === 'complete') {
    return session.payment_status === 'paid'
      ? { kind: 'paid', sessionId: session.id, paymentIntentId: paymentIntentIdOf(session) }
      : { kind: 'processing', sessionId: session.id };
  }
  if (session.status === 'expired') return { kind: 'expired', sessionId: session.id };
  return null;
}

/** Whether a session is a team fee's (its metadata says so): the webhook and the return send it here. */
export function isTeamFeeSession(session: CheckoutSession): boolean {
  return session.metadata.kind === TEAM_FEE_KIND;
}

/**
 * The team fee's one fulfilment: finds the offer the session names, checks the session is really for it (its
 * metadata, the offer's fee and the currency), and applies the change once (with a webhook event's marker in
 * the same transaction). Paid: the card is kept for the receipt and the confirmation is queued (claimed once).
 * A session that matches no offer changes nothing and is logged. A payment for an offer no longer accepted is
 * recorded (paid) with a warning, for the admin to refund. Answers the offer as read (null when none).
 */
export async function fulfilTeamFee(
  session: CheckoutSession,
  change: PaymentChange | null,
  options: { source: string; marker?: Marker },
): Promise<teamFees.TeamFeeOffer | null> {
  const now = new Date();
  const ids = offerIds.parse(session.metadata.offer_id ?? '');
  const offer = ids
    ? ((await offersTable.getOffer(ids.seasonId, ids.playerId)) as teamFees.TeamFeeOffer | null)
    : null;
  // One instalment paid by its link (issue 46): its own record, the offer's fee fields untouched.
  if (offer && instalmentOfSession(session) !== null) {
    await fulfilInstalmentSession(offer, session, change, options);
    return offer;
  }
  if (!offer || !sessionMatches(session, offer)) {
    log.error('team fee session does not match an offer; nothing changed', { sessionId: session.id });
    if (options.marker) await markAlone(options.marker, now);
    return null;
  }
  if (!change) {
    if (options.marker) await markAlone(options.marker, now);
    return offer;
  }
  const outcome =
    change.kind === 'paid' && offer.fee_plan
      ? await recordFirstInstalment(offer, offer.fee_plan, change, now, options.marker)
      : await teamFees.applyTeamFeeChange({
          seasonId: offer.season_id,
          playerId: offer.player_id,
          amountCents: offer.fee_cents,
          change,
          now,
          marker: options.marker,
        });
  log.info('team fee session applied', { offerId: offer.id, change: change.kind, outcome });
  if (change.kind === 'paid' && outcome === 'changed') await warnIfNotAccepted(offer);
  if (change.kind === 'paid') {
    await recordCard(offer, change.paymentIntentId);
    await recordTeamFeeFee(offer, change.paymentIntentId);
    await mailTeamFeeConfirmationOnce(offer);
    // A plan's first instalment (issue 46): its own mail, claimed on the offer once (the fee's needs it paid).
    if (offer.fee_plan && outcome !== 'duplicate')
      await mailInstalmentPaidOnce(offer.season_id, offer.player_id, 1);
  }
  return offer;
}

/**
 * A card payment that landed for an offer no longer accepted (given up or rescinded while its page was open)
 * is recorded all the same (the money is in): it shows as paid on the offers board, and the admin is told to
 * refund it. Read after the payment was recorded, so an offer ended meanwhile is caught too.
 */
async function warnIfNotAccepted(offer: teamFees.TeamFeeOffer): Promise<void> {
  const now =
    offer.state === 'accepted' ? await offersTable.getOffer(offer.season_id, offer.player_id) : offer;
  if (now && now.state !== 'accepted') {
    log.warn('team fee paid for an offer no longer accepted: recorded, for the admin to refund', {
      offerId: offer.id,
      state: now.state,
    });
  }
}

function sessionMatches(session: CheckoutSession, offer: teamFees.TeamFeeOffer): boolean {
  // A fee in instalments (issue 46): the fee's own checkout pays the first.
  const amount = offer.fee_plan ? offer.fee_plan.amounts[0] : offer.fee_cents;
  return (
    session.client_reference_id === `${TEAM_FEE_KIND}:${offer.id}` &&
    session.metadata.offer_id === offer.id &&
    session.metadata.season_id === offer.season_id &&
    (session.metadata.instalment ?? '1') === '1' &&
    session.amount_total === amount &&
    session.currency === PAYMENT_CURRENCY
  );
}

/**
 * The first instalment paid (issue 46): recorded with instalments 2..n, charged later to the card it saved,
 * in one transaction (db/money/instalments.ts). The saved card is read from Stripe first; without one (not
 * saved, or Stripe not answering) the later instalments are written without a card, and each asks the family
 * to pay it by its link when it falls due.
 */
async function recordFirstInstalment(
  offer: teamFees.TeamFeeOffer,
  plan: instalmentsTable.FeePlan,
  change: Extract<PaymentChange, { kind: 'paid' }>,
  now: Date,
  marker: Marker | undefined,
): Promise<OnceOutcome> {
  let card: { customerId: string; paymentMethodId: string } | null = null;
  if (change.paymentIntentId) {
    try {
      card = await savedCardOf(change.paymentIntentId);
    } catch (error) {
      log.warn('saved card of a first instalment not read', {
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  }
  return instalmentsTable.recordFirstInstalmentPaid({
    seasonId: offer.season_id,
    playerId: offer.player_id,
    offerId: offer.id,
    plan,
    sessionId: change.sessionId,
    paymentIntentId: change.paymentIntentId,
    card,
    now,
    ...(marker ? { marker } : {}),
  });
}

/** The card the fee was paid with, for the receipt; best effort (the payment stands without it). */
async function recordCard(offer: teamFees.TeamFeeOffer, paymentIntentId: string | null): Promise<void> {
  if (!paymentIntentId || offer.fee_card_last4) return;
  try {
    const card = await paymentCardOf(paymentIntentId);
    if (card) {
      await teamFees.recordTeamFeeCard({
        seasonId: offer.season_id,
        playerId: offer.player_id,
        paymentIntentId,
        brand: card.brand,
        last4: card.last4,
      });
    }
  } catch (error) {
    log.warn('card of a team fee not read', { error: error instanceof Error ? error.name : 'unknown' });
  }
}
