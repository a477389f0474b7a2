/**
 * Paying one instalment by its link (issue 46 §1): POST /offers/{offerId}/instalments/{n}/checkout opens a
 * Stripe Checkout page for a declined (or due) instalment, the amount read from the instalment, never from
 * the request, the card saved again for the instalments still to come. Who may: as the fee's own checkout (a
 * guardian of the player's household, or the player). As for the fee (team-fee-checkout.ts), an instalment
 * has at most one open page: concurrent clicks join one attempt (a conditional write starts it; Stripe's
 * idempotency key gives the same session), a new page first settles the last one (a completed one is
 * fulfilled, an open one expired), and the sweep charges nothing while a page is open. What a session says is
 * applied by instalment-fulfilment.ts, which the webhook and the family's return reach through the team fee's
 * fulfilment (team-fee-fulfilment.ts).
 */
import {
  instalmentMessages,
  serverMessages,
  teamFeeMessages,
  todayInClubZone,
  type AccessTokenClaims,
  type CheckoutAnswer,
} from '@club/shared';
import * as usersTable from '../../db/accounts/users';
import * as instalmentsTable from '../../db/money/instalments';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import * as seasonsTable from '../../db/seasons/seasons';
import * as teamsTable from '../../db/teams/teams';
import * as tryoutsTable from '../../db/registration/registrations';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { log } from '../../lib/log';
import {
  createTeamFeeCheckoutSession,
  expireCheckoutSession,
  isStripeError,
  retrieveCheckoutSession,
  type CheckoutSession,
  type TeamFeeCheckoutRequest,
} from '../../payments/checkout-sessions';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';
import { checkoutExpiry } from './checkout';
import { viaStripe } from './payment-fulfilment';
import { changeOfSession, fulfilInstalmentSession } from './instalment-fulfilment';
import { offerOfFamily } from './team-fee-checkout';

/** A joined attempt's page must stay open at least this long for the family to pay on it. */
const MIN_MINUTES_TO_PAY = 30;

/** Refuses an instalment the family cannot pay by its link now, with what they should know. */
function requirePayable(item: instalmentsTable.InstalmentItem, today: string): void {
  if (item.state === 'paid') throw new ConflictError(instalmentMessages.paid);
  if (item.state === 'stopped') throw new ConflictError(teamFeeMessages.notAccepted);
  if (item.state === 'charging' || item.state === 'processing') {
    throw new ConflictError(instalmentMessages.processing);
  }
  if (item.state === 'scheduled' && item.due_date > today) throw new ConflictError(instalmentMessages.notDue);
}

/** The stored attempt's session parameters (all read from the instalment: the same create every time). */
async function requestOf(
  offer: TeamFeeOffer,
  item: instalmentsTable.InstalmentItem,
  seasonName: string,
): Promise<TeamFeeCheckoutRequest> {
  const payer = await usersTable.getUser(item.checkout_user_id!);
  return {
    offerId: offer.id,
    seasonId: offer.season_id,
    userId: item.checkout_user_id!,
    email: payer?.email ?? '',
    lineName: item.checkout_line!,
    seasonName,
    amountCents: item.amount_cents,
    attempt: item.checkout_attempt!,
    expiresAt: item.checkout_expires_at!,
    saveCard: true,
    ...(item.customer_id ? { customerId: item.customer_id } : {}),
    instalment: item.n,
  };
}

/** POST /offers/{offerId}/instalments/{n}/checkout: a checkout page for one instalment. */
export async function startInstalmentCheckout(
  caller: AccessTokenClaims,
  id: string,
  n: number,
  now: Date = new Date(),
): Promise<CheckoutAnswer> {
  await requireWithinLimit(rateLimits.payAgainUser, caller.sub);
  const offer = await offerOfFamily(caller, id);
  if (offer.state !== 'accepted') throw new ConflictError(teamFeeMessages.notAccepted);
  const item = offer.fee_plan
    ? await instalmentsTable.getInstalment(offer.season_id, offer.player_id, n)
    : null;
  if (!item) throw new NotFoundError(teamFeeMessages.offerNotFound);
  const today = todayInClubZone(now);
  requirePayable(item, today);
  const [season, team, payer, tryout] = await Promise.all([
    seasonsTable.getSeason(offer.season_id),
    teamsTable.getTeam(offer.team_id),
    usersTable.getUser(caller.sub),
    tryoutsTable.getTryout(offer.season_id, offer.player_id),
  ]);
  if (!season || !team || !payer || !tryout) throw new NotFoundError(teamFeeMessages.offerNotFound);
  return viaStripe('instalment checkout', async () => {
    if (item.checkout_attempt !== undefined) {
      const current = await currentSession(offer, item, season.name);
      if (
        current?.status === 'open' &&
        item.checkout_user_id === caller.sub &&
        (item.checkout_expires_at ?? 0) - now.getTime() / 1000 >= MIN_MINUTES_TO_PAY * 60
      ) {
        return { url: await openAttempt(offer, item, season.name, today) };
      }
      if (current) await settle(offer, current);
    }
    const from = item.checkout_attempt ?? 0;
    const count = offer.fee_plan!.amounts.length;
    const started = await instalmentsTable.startInstalmentCheckout({
      item,
      from,
      today,
      expiresAt: checkoutExpiry(now),
      userId: caller.sub,
      line: `${team.name} team fee, payment ${n} of ${count}`,
    });
    // Another click started the next attempt first: join it (same key, same stored parameters).
    const next = started ?? (await instalmentsTable.getInstalment(offer.season_id, offer.player_id, n));
    if (!next || (next.checkout_attempt ?? 0) <= from) {
      if (next) requirePayable(next, today);
      throw new ConflictError(instalmentMessages.processing);
    }
    requirePayable(next, today);
    return { url: await openAttempt(offer, next, season.name, today) };
  });
}

/**
 * After the place is given up or taken back and the instalments stopped (none can open a page any more): each
 * instalment's page still stored is closed, so the family cannot pay for a place it no longer holds; one paid
 * meanwhile is recorded (for the admin to refund). Best effort: a page Stripe does not answer for is logged.
 */
export async function closeInstalmentCheckouts(offer: TeamFeeOffer): Promise<void> {
  for (const item of await instalmentsTable.instalmentsOfPlayer(offer.season_id, offer.player_id)) {
    if (!item.checkout_session_id || item.state === 'paid') continue;
    try {
      const session = await retrieveCheckoutSession(item.checkout_session_id);
      if (session) await settle(offer, session);
    } catch (error) {
      if (error instanceof ConflictError) continue;
      log.error('instalment page not closed after the place ended', {
        offerId: offer.id,
        n: item.n,
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  }
}

/** Creates (or gets back) the instalment's current attempt's session, stores it, and answers its page. */
async function openAttempt(
  offer: TeamFeeOffer,
  item: instalmentsTable.InstalmentItem,
  seasonName: string,
  today: string,
): Promise<string> {
  const session = await createTeamFeeCheckoutSession(await requestOf(offer, item, seasonName));
  const saved = await instalmentsTable.saveInstalmentSession({
    item,
    attempt: item.checkout_attempt!,
    sessionId: session.id,
    today,
  });
  if (!saved) {
    // Paid, stopped or charged meanwhile, or another attempt took over: the page must not stay payable.
    await settle(offer, session);
    throw new ServiceUnavailableError(serverMessages.paymentsUnavailable);
  }
  if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
  return session.url;
}

/** The current attempt's session: the stored one, or (its answer lost) the one its key gets back. */
async function currentSession(
  offer: TeamFeeOffer,
  item: instalmentsTable.InstalmentItem,
  seasonName: string,
): Promise<CheckoutSession | null> {
  if (item.checkout_session_id) return retrieveCheckoutSession(item.checkout_session_id);
  try {
    const created = await createTeamFeeCheckoutSession(await requestOf(offer, item, seasonName));
    return await retrieveCheckoutSession(created.id);
  } catch (error) {
    if (isStripeError(error, 'StripeInvalidRequestError')) return null;
    throw error;
  }
}

/** Nothing of the session can take money once this returns: completed is fulfilled (and refused), open expired. */
async function settle(offer: TeamFeeOffer, session: CheckoutSession): Promise<void> {
  if (session.status === 'complete') {
    await fulfilInstalmentSession(offer, session, changeOfSession(session), { source: 'checkout' });
    throw new ConflictError(
      session.payment_status === 'paid' ? instalmentMessages.paid : instalmentMessages.processing,
    );
  }
  if (session.status !== 'open') return;
  if (await expireCheckoutSession(session.id)) return;
  const now = await retrieveCheckoutSession(session.id);
  if (now?.status === 'open') throw new ServiceUnavailableError(serverMessages.paymentsUnavailable);
  if (now) await settle(offer, now);
}
