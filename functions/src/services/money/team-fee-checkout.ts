/**
 * The team fee by card (issue 45 §4): POST /offers/{offerId}/checkout opens a Stripe Checkout page for an
 * accepted offer's unpaid fee, the amount read from the offer (the fee when it was offered), never from the
 * request. As for a registration (checkout.ts), an offer has at most one open session at a time: a new page
 * first settles the current one (a completed one is fulfilled, an open one expired), and concurrent clicks
 * join the same attempt (a conditional write starts it; Stripe's idempotency key gives the same session).
 * What a session says is applied by team-fee-fulfilment.ts, which the webhook and the family's return use too.
 */
import {
  offerId as offerIds,
  serverMessages,
  teamFeeMessages,
  type AccessTokenClaims,
  type CheckoutAnswer,
} from '@club/shared';
import * as usersTable from '../../db/accounts/users';
import * as offersTable from '../../db/offers/offers';
import * as seasonsTable from '../../db/seasons/seasons';
import * as teamsTable from '../../db/teams/teams';
import * as tryoutsTable from '../../db/registration/registrations';
import * as teamFees from '../../db/money/team-fees';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import {
  createTeamFeeCheckoutSession,
  expireCheckoutSession,
  isStripeError,
  retrieveCheckoutSession,
  type CheckoutSession,
  type TeamFeeCheckoutRequest,
} from '../../payments/checkout-sessions';
import { familyOf } from '../households/households';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';
import { checkoutExpiry } from './checkout';
import { viaStripe } from './payment-fulfilment';
import { changeOf, fulfilTeamFee } from './team-fee-fulfilment';

/** A joined attempt's page must stay open at least this long for the family to pay on it. */
const MIN_MINUTES_TO_PAY = 30;

/**
 * The offer an id names, when the caller may act on it: a guardian of the player's household, or the player
 * (paying a fee or reading its receipt is no answer to the offer, so a player under 18 may too). Anyone else
 * gets the same 404 as an offer that does not exist.
 */
export async function offerOfFamily(caller: AccessTokenClaims, id: string): Promise<teamFees.TeamFeeOffer> {
  const ids = offerIds.parse(id);
  if (!ids) throw new NotFoundError(teamFeeMessages.offerNotFound);
  const { players } = await familyOf(caller);
  if (!players.some((p) => p.id === ids.playerId)) throw new NotFoundError(teamFeeMessages.offerNotFound);
  const offer = await offersTable.getOffer(ids.seasonId, ids.playerId);
  if (!offer) throw new NotFoundError(teamFeeMessages.offerNotFound);
  return offer as teamFees.TeamFeeOffer;
}

/**
 * Closes an offer's card checkout before its place is given up (POST /offers/{offerId}/withdraw) or taken
 * back (the admin's rescind of an accepted offer): an open page is expired, so no payment lands after; one
 * that completed meanwhile is fulfilled (the money is in, and a refund is the club's, under its policy).
 */
export async function closeTeamFeeCheckout(offer: teamFees.TeamFeeOffer, seasonName: string): Promise<void> {
  if (offer.fee_checkout_attempt === undefined || isRecorded(offer)) return;
  await viaStripe('team fee checkout close', async () => {
    const current = await currentSession(offer, seasonName);
    if (!current) return;
    try {
      await settle(current);
    } catch (error) {
      // Completed: fulfilled by settle, and the withdrawal goes on.
      if (!(error instanceof ConflictError)) throw error;
    }
  });
}

/**
 * After the offer stopped being accepted (`before` is the offer as read before its checkout was closed): a
 * checkout attempt the family started in between (allowed while it was still accepted) is closed too. None can
 * start, nor have its page stored, once the offer is no longer accepted, so this is the last one.
 */
export async function closeLaterTeamFeeCheckout(
  before: teamFees.TeamFeeOffer,
  seasonName: string,
): Promise<void> {
  const now = (await offersTable.getOffer(
    before.season_id,
    before.player_id,
  )) as teamFees.TeamFeeOffer | null;
  if (!now || now.fee_checkout_attempt === before.fee_checkout_attempt) return;
  await closeTeamFeeCheckout(now, seasonName);
}

/**
 * Closes an offer's card checkout before its fee is marked collected in cash (as a registration's switch to
 * cash, checkout.ts closeCheckout): an open page is expired, so the family cannot pay by card as well; one that
 * completed meanwhile is fulfilled (the card payment is what is recorded) and refused with why.
 */
export async function closeTeamFeeCheckoutForCash(
  offer: teamFees.TeamFeeOffer,
  seasonName: string,
): Promise<void> {
  if (offer.fee_checkout_attempt === undefined || isRecorded(offer)) return;
  await viaStripe('team fee cash', async () => {
    const current = await currentSession(offer, seasonName);
    if (current) {
      await settle(
        current,
        (session) =>
          new ConflictError(
            session.payment_status === 'paid' ? teamFeeMessages.cashOnCard : teamFeeMessages.feeProcessing,
          ),
      );
    }
  });
}

/** The fee is recorded paid, in full or (issue 46) its first instalment: its checkout is done. */
function isRecorded(offer: teamFees.TeamFeeOffer): boolean {
  return offer.fee_state === 'paid' || offer.fee_state === 'on_plan';
}

/** Refuses a fee that is not (or no longer) payable by card, with what the family should know. */
function requirePayable(offer: teamFees.TeamFeeOffer): void {
  if (offer.state !== 'accepted') throw new ConflictError(teamFeeMessages.notAccepted);
  if (offer.fee_cents <= 0) throw new ConflictError(teamFeeMessages.noFee);
  if (offer.fee_state === 'paid') throw new ConflictError(teamFeeMessages.feePaid);
  if (offer.fee_state === 'on_plan') throw new ConflictError(teamFeeMessages.firstInstalmentPaid);
  if (offer.fee_processing) throw new ConflictError(teamFeeMessages.feeProcessing);
}

/** The stored attempt's session parameters (all read from the offer: the same create every time). */
function requestOf(offer: teamFees.TeamFeeOffer, seasonName: string): TeamFeeCheckoutRequest {
  return {
    offerId: offer.id,
    seasonId: offer.season_id,
    userId: offer.fee_checkout_user_id!,
    email: offer.fee_checkout_email!,
    lineName: offer.fee_checkout_line!,
    seasonName,
    // A fee in instalments (issue 46): this checkout pays the first and saves the card for the rest.
    amountCents: offer.fee_plan ? offer.fee_plan.amounts[0]! : offer.fee_cents,
    attempt: offer.fee_checkout_attempt!,
    expiresAt: offer.fee_checkout_expires_at!,
    ...(offer.fee_plan ? { saveCard: true, instalment: 1 } : {}),
  };
}

/** Creates (or gets back) the offer's current attempt's session, stores it, and answers its page. */
async function openAttempt(offer: teamFees.TeamFeeOffer, seasonName: string): Promise<string> {
  const session = await createTeamFeeCheckoutSession(requestOf(offer, seasonName));
  const saved = await teamFees.saveTeamFeeSession({
    seasonId: offer.season_id,
    playerId: offer.player_id,
    attempt: offer.fee_checkout_attempt!,
    sessionId: session.id,
  });
  if (!saved) {
    // The offer is no longer accepted (given up or rescinded meanwhile), or another attempt took over: the page
    // just created must not stay payable. A completed one is fulfilled (settle refuses it: paid or processing).
    await settle(session);
    const now = (await offersTable.getOffer(
      offer.season_id,
      offer.player_id,
    )) as teamFees.TeamFeeOffer | null;
    if (now && now.state !== 'accepted') throw new ConflictError(teamFeeMessages.notAccepted);
    throw new ServiceUnavailableError(serverMessages.paymentsUnavailable);
  }
  if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
  return session.url;
}

/** POST /offers/{offerId}/checkout: a checkout page for the offer's team fee. */
export async function startOfferCheckout(caller: AccessTokenClaims, id: string): Promise<CheckoutAnswer> {
  await requireWithinLimit(rateLimits.payAgainUser, caller.sub);
  const offer = await offerOfFamily(caller, id);
  requirePayable(offer);
  const [season, team, payer, tryout] = await Promise.all([
    seasonsTable.getSeason(offer.season_id),
    teamsTable.getTeam(offer.team_id),
    usersTable.getUser(caller.sub),
    tryoutsTable.getTryout(offer.season_id, offer.player_id),
  ]);
  if (!season || !team || !payer || !tryout) throw new NotFoundError(teamFeeMessages.offerNotFound);
  return viaStripe('team fee checkout', async () => {
    if (offer.fee_checkout_attempt !== undefined) {
      const current = await currentSession(offer, season.name);
      // The current page is still open with time to pay, for this payer: the same page again.
      if (
        current?.status === 'open' &&
        offer.fee_checkout_user_id === caller.sub &&
        (offer.fee_checkout_expires_at ?? 0) - Date.now() / 1000 >= MIN_MINUTES_TO_PAY * 60
      ) {
        return { url: await openAttempt(offer, season.name) };
      }
      if (current) await settle(current);
    }
    const from = offer.fee_checkout_attempt ?? 0;
    const started = await teamFees.startTeamFeeAttempt({
      seasonId: offer.season_id,
      playerId: offer.player_id,
      from,
      expiresAt: checkoutExpiry(new Date()),
      userId: caller.sub,
      email: payer.email,
      line: `${tryout.first_name} ${tryout.last_name}, ${team.name} team fee`,
    });
    // Another click started the next attempt first: join it (same key, same stored parameters).
    const next =
      started ??
      ((await offersTable.getOffer(offer.season_id, offer.player_id)) as teamFees.TeamFeeOffer | null);
    if (!next || (next.fee_checkout_attempt ?? 0) <= from) {
      throw new ConflictError(teamFeeMessages.feePaid);
    }
    requirePayable(next);
    return { url: await openAttempt(next, season.name) };
  });
}

/**
 * The current attempt's session as it is now: the stored one, or (its answer lost) the one its idempotency
 * key gets back. Null when there is none to be had (Stripe refuses an expiry that has passed).
 */
async function currentSession(
  offer: teamFees.TeamFeeOffer,
  seasonName: string,
): Promise<CheckoutSession | null> {
  if (offer.fee_checkout_session_id) return retrieveCheckoutSession(offer.fee_checkout_session_id);
  try {
    const created = await createTeamFeeCheckoutSession(requestOf(offer, seasonName));
    return await retrieveCheckoutSession(created.id);
  } catch (error) {
    if (isStripeError(error, 'StripeInvalidRequestError')) return null;
    throw error;
  }
}

/**
 * Nothing of the current session can take money once this returns: completed is fulfilled (and refused with
 * `completed`'s error), open expired.
 */
async function settle(
  session: CheckoutSession,
  completed: (session: CheckoutSession) => Error = (done) =>
    new ConflictError(
      done.payment_status === 'paid' ? teamFeeMessages.feePaid : teamFeeMessages.feeProcessing,
    ),
): Promise<void> {
  if (session.status === 'complete') {
    await fulfilTeamFee(session, changeOf(session), { source: 'checkout' });
    throw completed(session);
  }
  if (session.status !== 'open') return;
  if (await expireCheckoutSession(session.id)) return;
  const now = await retrieveCheckoutSession(session.id);
  if (now?.status === 'open') throw new ServiceUnavailableError(serverMessages.paymentsUnavailable);
  if (now) await settle(now, completed);
}
