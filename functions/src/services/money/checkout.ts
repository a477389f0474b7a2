/**
 * Card payments through Stripe Checkout: opening and closing a registration's checkout attempts. A card
 * registration has at most one open checkout session at a time, so money is never taken twice: "pay again"
 * first settles the current session (fulfils a completed one, expires an open one) and only then starts the
 * next attempt. What a session says is applied by the one fulfilment (payment-fulfilment.ts), which the
 * webhook and the success page's confirmation use too.
 *
 * A guardian registering several athletes in one request pays on ONE session, one line item each (a family
 * checkout, issue 17): its registrations' first attempt is that session, read from their checkout group.
 * Every action on one of them ("pay again", cash, withdrawal) settles the family's session first, exactly as
 * for a single registration's, and then goes on for that registration alone (its own next attempt).
 */
import { isPayable, serverMessages, type AccessTokenClaims, type CheckoutAnswer } from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import * as paymentsTable from '../../db/money/payments';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import {
  createCheckoutSession,
  expireCheckoutSession,
  isStripeError,
  retrieveCheckoutSession,
  type CheckoutRequest,
  type CheckoutSession,
} from '../../payments/checkout-sessions';
import { awaitsSupportAnswer } from './financial-support';
import { playerIdOf } from '../households/households';
import { changeFromSession, fulfil, viaStripe } from './payment-fulfilment';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';
/** A checkout page stays payable this long (Stripe's minimum is 30 minutes). */
export const CHECKOUT_LIFETIME_MINUTES = 60;

/** When a checkout attempt started now expires, in epoch seconds. */
export function checkoutExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + CHECKOUT_LIFETIME_MINUTES * 60;
}

/** A registration's current checkout attempt: the session's parameters and the registrations it pays for. */
interface Attempt {
  request: CheckoutRequest;
  /** The registrations (player ids) the session is stored on: this one, or its family checkout's. */
  players: string[];
  groupId?: string;
}

/**
 * The current attempt's session parameters, all read from the table (see CheckoutRequest): the family
 * checkout group's while the registration's attempt is still the group's, else the registration's own.
 */
async function attemptOf(tryout: RegistrationItem, seasonName: string): Promise<Attempt> {
  if (tryout.checkout_attempt === undefined || tryout.checkout_expires_at === undefined) {
    throw new Error(`Registration ${tryout.id} has no checkout attempt`);
  }
  // A group not written means its session was never created (the group is written first).
  const group = tryout.checkout_group_id
    ? await paymentsTable.getCheckoutGroup(tryout.season_id, tryout.checkout_group_id)
    : null;
  if (group) {
    // Each line names its child (issue 36), as the registration has it now (the group keeps no names).
    const named = await tryoutsTable.getTryoutsOf(
      group.season_id,
      group.members.map((m) => m.player_id),
    );
    return {
      request: {
        subject: { kind: 'family', groupId: group.group_id },
        seasonId: group.season_id,
        userId: group.user_id,
        seasonName,
        lines: group.members.map((m) =>
          linesOf({ ...m, ...namesOf(named.find((t) => t.player_id === m.player_id)) }),
        ),
        email: group.email,
        attempt: tryout.checkout_attempt,
        expiresAt: group.expires_at,
      },
      players: group.members.map((m) => m.player_id),
      groupId: group.group_id,
    };
  }
  return {
    request: {
      subject: { kind: 'registration', tryoutId: tryout.id },
      seasonId: tryout.season_id,
      userId: tryout.user_id,
      seasonName,
      lines: [linesOf(tryout)],
      email: tryout.email,
      attempt: tryout.checkout_attempt,
      expiresAt: tryout.checkout_expires_at,
    },
    players: [tryout.player_id],
  };
}

const namesOf = (tryout: RegistrationItem | undefined) =>
  tryout ? { first_name: tryout.first_name, last_name: tryout.last_name } : {};

function linesOf(
  member: Pick<RegistrationItem, 'age_group' | 'tryout_number' | 'amount_cents'> &
    Partial<Pick<RegistrationItem, 'first_name' | 'last_name'>>,
) {
  return {
    ageGroup: member.age_group,
    tryoutNumber: member.tryout_number,
    amountCents: member.amount_cents,
    // The child each line pays for, by name (issue 36), when it was kept.
    ...(member.first_name ? { athleteName: `${member.first_name} ${member.last_name ?? ''}`.trim() } : {}),
  };
}

/**
 * Creates (or, when it already exists, gets back) the current attempt's session, stores it on the
 * registration (on each of a family checkout's) and returns its checkout URL. Throws when the attempt
 * stopped being the registration's current one meanwhile.
 */
export async function openCheckout(tryout: RegistrationItem, seasonName: string): Promise<string> {
  const { request, players, groupId } = await attemptOf(tryout, seasonName);
  const session = await createCheckoutSession(request);
  const saved = await Promise.all(
    players.map((playerId) =>
      paymentsTable.saveCheckoutSession({
        seasonId: tryout.season_id,
        playerId,
        attempt: request.attempt,
        sessionId: session.id,
        ...(groupId ? { groupId } : {}),
      }),
    ),
  );
  if (!saved[players.indexOf(tryout.player_id)]) {
    throw new ServiceUnavailableError(serverMessages.paymentsUnavailable);
  }
  if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
  return session.url;
}

/**
 * Opens the one checkout of registrations a guardian made together (issue 17): their group is written
 * first (what the session is made from, for good), then the session, stored on each of them.
 */
export async function openFamilyCheckout(
  caller: AccessTokenClaims,
  tryouts: RegistrationItem[],
  seasonName: string,
  now: Date,
): Promise<string> {
  const first = tryouts[0]!;
  await paymentsTable.putCheckoutGroup({
    group_id: first.checkout_group_id!,
    season_id: first.season_id,
    user_id: caller.sub,
    email: first.email,
    members: tryouts.map((t) => ({
      player_id: t.player_id,
      age_group: t.age_group,
      tryout_number: t.tryout_number,
      amount_cents: t.amount_cents,
    })),
    expires_at: first.checkout_expires_at!,
    created_at: now.toISOString(),
  });
  return openCheckout(first, seasonName);
}

/**
 * POST /payments/checkout ("pay again"): a new checkout page for the caller's payable card registration in
 * the active season. Concurrent clicks get the same session: the attempt is started by one conditional write
 * and every create for an attempt uses its idempotency key and stored parameters.
 */
export async function startCheckout(caller: AccessTokenClaims, athleteId?: string): Promise<CheckoutAnswer> {
  await requireWithinLimit(rateLimits.payAgainUser, caller.sub);
  const [season, playerId] = await Promise.all([
    seasonsTable.getActiveSeason(),
    playerIdOf(caller, athleteId),
  ]);
  const tryout = season ? await tryoutsTable.getTryout(season.id, playerId) : null;
  if (!season || !tryout) throw new NotFoundError(serverMessages.notRegistered);
  return payAgain(tryout, season);
}

/** "Pay again" for one registration: its next attempt's page (or the one another click is opening). */
export async function payAgain(
  tryout: RegistrationItem,
  season: seasonsTable.SeasonItem,
): Promise<CheckoutAnswer> {
  if (tryout.withdrawn) throw new ConflictError(serverMessages.registrationWithdrawn);
  if (!isPayable(tryout.payment_method, tryout.payment_status) || tryout.checkout_attempt === undefined) {
    throw new ConflictError(serverMessages.nothingToPay);
  }
  // The card waits for the club's answer about financial support (issue 42); cash stays open.
  if (awaitsSupportAnswer(tryout)) throw new ConflictError(serverMessages.supportAnswerPending);
  return viaStripe('pay again', async () => {
    const current = await currentSession(tryout, season.name);
    // An attempt started without its session stored yet is being opened by another click (or its answer was
    // lost): join it while its page is open with time to pay, instead of expiring it under that click.
    if (current?.status === 'open' && !tryout.checkout_session_id && hasTimeToPay(tryout, new Date())) {
      return { url: await openCheckout(tryout, season.name) };
    }
    if (current) await settle(current, tryout);

    const now = new Date();
    const from = tryout.checkout_attempt!;
    const expiresAt = checkoutExpiry(now);
    const started = await paymentsTable.startCheckoutAttempt({
      seasonId: season.id,
      playerId: tryout.player_id,
      from,
      expiresAt,
    });
    // Another click started the next attempt first: join it (same key, same stored parameters, same session).
    const { checkout_group_id: _group, checkout_session_id: _session, ...own } = tryout;
    const next = started
      ? {
          ...own,
          checkout_attempt: from + 1,
          checkout_expires_at: expiresAt,
          payment_status: 'pending' as const,
        }
      : await tryoutsTable.getTryout(season.id, tryout.player_id);
    if (
      !next ||
      !isPayable(next.payment_method, next.payment_status) ||
      (next.checkout_attempt ?? 0) <= from
    ) {
      throw new ConflictError(serverMessages.nothingToPay);
    }
    return { url: await openCheckout(next, season.name) };
  });
}

/** A joined attempt's page must stay open at least this long for the family to pay on it. */
const MIN_MINUTES_TO_PAY = 30;

export function hasTimeToPay(tryout: RegistrationItem, now: Date): boolean {
  return (tryout.checkout_expires_at ?? 0) - now.getTime() / 1000 >= MIN_MINUTES_TO_PAY * 60;
}

/**
 * The current attempt's session as it is now: the stored one, or, when none was stored (another click is
 * opening it, or the answer to its create was lost), the one its idempotency key gets back, read again for
 * its state (a key replays its first answer), so it can never be left open beside a new one. Null when there
 * is none: never created and no longer creatable (Stripe refuses an expiry that has passed).
 */
export async function currentSession(
  tryout: RegistrationItem,
  seasonName: string,
): Promise<CheckoutSession | null> {
  // Held for the club's answer about financial support (issue 42): no page was ever made for it.
  if (tryout.held_for_support && !tryout.checkout_session_id) return null;
  if (tryout.checkout_session_id) return retrieveCheckoutSession(tryout.checkout_session_id);
  try {
    const created = await createCheckoutSession((await attemptOf(tryout, seasonName)).request);
    return await retrieveCheckoutSession(created.id);
  } catch (error) {
    if (isStripeError(error, 'StripeInvalidRequestError')) return null;
    throw error;
  }
}

/**
 * Makes sure nothing of the current session can still take money before a new attempt starts: a completed
 * one is fulfilled (and there is nothing left to pay), an open one is expired. A completed session whose
 * payment already failed leaves nothing open.
 */
export async function settle(
  session: CheckoutSession,
  tryout: RegistrationItem,
  completed: (session: CheckoutSession) => Error = () => new ConflictError(serverMessages.nothingToPay),
): Promise<void> {
  if (session.status === 'complete') {
    if (session.payment_status !== 'paid' && tryout.payment_status === 'failed') return;
    await fulfil(session, changeFromSession(session), { source: 'checkout' });
    throw completed(session);
  }
  if (session.status !== 'open') return;
  if (await expireCheckoutSession(session.id)) return;
  // Stripe would not expire it: it completed or expired a moment ago.
  const now = await retrieveCheckoutSession(session.id);
  if (now?.status === 'open') throw new ServiceUnavailableError(serverMessages.paymentsUnavailable);
  if (now) await settle(now, tryout, completed);
}

/**
 * Closes a card registration's checkout for good before it turns to cash: an open session is expired, so no
 * late payment can land; one that completed meanwhile is fulfilled and refused (paid, or still settling).
 */
export async function closeCheckout(tryout: RegistrationItem, seasonName: string): Promise<void> {
  await viaStripe('switch to cash', async () => {
    const current = await currentSession(tryout, seasonName);
    if (current) {
      await settle(
        current,
        tryout,
        (session) =>
          new ConflictError(
            session.payment_status === 'paid'
              ? serverMessages.cashSwitchPaid
              : serverMessages.cashSwitchProcessing,
          ),
      );
    }
  });
}
