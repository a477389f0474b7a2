/**
 * Card payments through Stripe Checkout. A card registration has at most one open checkout session at a time,
 * so money is never taken twice: "pay again" first settles the current session (fulfils a completed one,
 * expires an open one) and only then starts the next attempt. The webhook, the success page's
 * confirmation and "pay again" all apply what a session says through one idempotent fulfilment.
 *
 * A guardian registering several athletes in one request pays on ONE session, one line item each (a family
 * checkout, issue 17): its registrations' first attempt is that session, read from their checkout group.
 * Every action on one of them ("pay again", cash, withdrawal) settles the family's session first, exactly as
 * for a single registration's, and then goes on for that registration alone (its own next attempt).
 */
import {
  isPayable,
  PAYMENT_CURRENCY,
  reportedStatus,
  serverMessages,
  tryoutId,
  type AccessTokenClaims,
  type CheckoutAnswer,
  type PaymentConfirmation,
} from '@club/shared';
import * as seasonsTable from '../db/seasons';
import { isMarked, markAlone, type Marker } from '../db/exactly-once';
import * as paymentsTable from '../db/payments';
import * as tryoutsTable from '../db/tryouts';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../lib/errors';
import { log } from '../lib/log';
import {
  createCheckoutSession,
  expireCheckoutSession,
  isStripeError,
  paymentIntentIdOf,
  retrieveCheckoutSession,
  type CheckoutRequest,
  type CheckoutSession,
} from '../payments/checkout-sessions';
import { idOf, listRefunds, sessionOfPayment } from '../payments/refunds';
import { verifyWebhookEvent, type CheckoutEventType } from '../payments/webhook-events';
import { mailConfirmationOnce } from './confirmation-mail';
import { playerIdOf } from './households';
import { applyDispute, reconcileRefunds } from './refunds';
import { rateLimits, requireWithinLimit } from './rate-limits';

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
async function attemptOf(tryout: tryoutsTable.TryoutItem, seasonName: string): Promise<Attempt> {
  if (tryout.checkout_attempt === undefined || tryout.checkout_expires_at === undefined) {
    throw new Error(`Registration ${tryout.id} has no checkout attempt`);
  }
  // A group not written means its session was never created (the group is written first).
  const group = tryout.checkout_group_id
    ? await paymentsTable.getCheckoutGroup(tryout.season_id, tryout.checkout_group_id)
    : null;
  if (group) {
    return {
      request: {
        subject: { kind: 'family', groupId: group.group_id },
        seasonId: group.season_id,
        userId: group.user_id,
        seasonName,
        lines: group.members.map(linesOf),
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

function linesOf(member: Pick<tryoutsTable.TryoutItem, 'age_group' | 'tryout_number' | 'amount_cents'>) {
  return { ageGroup: member.age_group, tryoutNumber: member.tryout_number, amountCents: member.amount_cents };
}

/**
 * Creates (or, when it already exists, gets back) the current attempt's session, stores it on the
 * registration (on each of a family checkout's) and returns its checkout URL. Throws when the attempt
 * stopped being the registration's current one meanwhile.
 */
export async function openCheckout(tryout: tryoutsTable.TryoutItem, seasonName: string): Promise<string> {
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
  tryouts: tryoutsTable.TryoutItem[],
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

/** Runs Stripe calls; Stripe failing (down, slow, refusing) is a 503 the player may retry, logged without personal data. */
async function viaStripe<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    log.warn('stripe call failed', { what, error: error.type, code: error.code ?? null });
    throw new ServiceUnavailableError(serverMessages.paymentsUnavailable);
  }
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
  if (tryout.withdrawn) throw new ConflictError(serverMessages.registrationWithdrawn);
  if (!isPayable(tryout.payment_method, tryout.payment_status) || tryout.checkout_attempt === undefined) {
    throw new ConflictError(serverMessages.nothingToPay);
  }
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

function hasTimeToPay(tryout: tryoutsTable.TryoutItem, now: Date): boolean {
  return (tryout.checkout_expires_at ?? 0) - now.getTime() / 1000 >= MIN_MINUTES_TO_PAY * 60;
}

/**
 * The current attempt's session as it is now: the stored one, or, when none was stored (another click is
 * opening it, or the answer to its create was lost), the one its idempotency key gets back, read again for
 * its state (a key replays its first answer), so it can never be left open beside a new one. Null when there
 * is none: never created and no longer creatable (Stripe refuses an expiry that has passed).
 */
async function currentSession(
  tryout: tryoutsTable.TryoutItem,
  seasonName: string,
): Promise<CheckoutSession | null> {
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
async function settle(
  session: CheckoutSession,
  tryout: tryoutsTable.TryoutItem,
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
export async function closeCheckout(tryout: tryoutsTable.TryoutItem, seasonName: string): Promise<void> {
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

/** What a session's state says about the payment (confirmation, "pay again"); null while it is open. */
function changeFromSession(session: CheckoutSession): paymentsTable.PaymentChange | null {
  if (session.status === 'complete') {
    return session.payment_status === 'paid'
      ? { kind: 'paid', sessionId: session.id, paymentIntentId: paymentIntentIdOf(session) }
      : { kind: 'processing', sessionId: session.id };
  }
  if (session.status === 'expired') return { kind: 'expired', sessionId: session.id };
  return null;
}

/** What a webhook event says about the payment. */
function changeFromEvent(type: CheckoutEventType, session: CheckoutSession): paymentsTable.PaymentChange {
  switch (type) {
    case 'checkout.session.completed':
      return session.payment_status === 'paid'
        ? { kind: 'paid', sessionId: session.id, paymentIntentId: paymentIntentIdOf(session) }
        : { kind: 'processing', sessionId: session.id };
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'paid', sessionId: session.id, paymentIntentId: paymentIntentIdOf(session) };
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed', sessionId: session.id };
    case 'checkout.session.expired':
      return { kind: 'expired', sessionId: session.id };
  }
}

/**
 * The one fulfilment: finds the registrations the session is for (its client_reference_id: one registration,
 * or a family checkout's group), checks the session is really for them (metadata, amount and currency), and
 * applies the change idempotently (db applyPaymentChange) to each. A session that does not match changes
 * nothing and is logged as an error. Returns the registrations as they were read (none when the session is
 * not for ours).
 */
async function fulfil(
  session: CheckoutSession,
  change: paymentsTable.PaymentChange | null,
  options: { source: string; marker?: Marker },
): Promise<tryoutsTable.TryoutItem[]> {
  const now = new Date();
  const tryouts = await registrationsOfSession(session);
  if (tryouts.length === 0) {
    log.error('checkout session does not match a registration; nothing changed', { sessionId: session.id });
    if (options.marker) await markAlone(options.marker, now);
    return [];
  }
  if (!change) {
    if (options.marker) await markAlone(options.marker, now);
    return tryouts;
  }
  if (tryouts.length === 1 && !session.metadata.checkout_group_id) {
    const [tryout] = tryouts as [tryoutsTable.TryoutItem];
    const outcome = await paymentsTable.applyPaymentChange({
      seasonId: tryout.season_id,
      playerId: tryout.player_id,
      change,
      source: options.source,
      now,
      marker: options.marker,
    });
    log.info('checkout session applied', { tryoutId: tryout.id, change: change.kind, outcome });
  } else {
    // A family checkout: each registration's change is idempotent by its own condition (a redelivery or a
    // concurrent delivery finds it made), and the event is marked once all are applied.
    for (const tryout of tryouts) {
      const outcome = await paymentsTable.applyPaymentChange({
        seasonId: tryout.season_id,
        playerId: tryout.player_id,
        change,
        source: options.source,
        now,
      });
      log.info('family checkout session applied', { tryoutId: tryout.id, change: change.kind, outcome });
    }
    if (options.marker) await markAlone(options.marker, now);
  }
  // Paid: the registrations are complete. Claimed once, so the webhook and the family's return both try it.
  if (change.kind === 'paid') for (const tryout of tryouts) await mailConfirmationOnce(tryout);
  return tryouts;
}

/** The registrations a session is for, when it is ours and really theirs (none otherwise). */
async function registrationsOfSession(session: CheckoutSession): Promise<tryoutsTable.TryoutItem[]> {
  const { metadata } = session;
  if (metadata.checkout_group_id) {
    const group = metadata.season_id
      ? await paymentsTable.getCheckoutGroup(metadata.season_id, metadata.checkout_group_id)
      : null;
    if (!group) return [];
    const read = await tryoutsTable.getTryoutsOf(
      group.season_id,
      group.members.map((m) => m.player_id),
    );
    // In the group's order (a batch read answers in any order), the order its line items were charged in.
    const tryouts = group.members.flatMap((m) => read.filter((t) => t.player_id === m.player_id));
    return familySessionMatches(session, group, tryouts) ? tryouts : [];
  }
  const ids = tryoutId.parse(session.client_reference_id ?? '');
  const tryout = ids ? await tryoutsTable.getTryout(ids.seasonId, ids.playerId) : null;
  return tryout && sessionMatches(session, tryout) ? [tryout] : [];
}

function sessionMatches(session: CheckoutSession, tryout: tryoutsTable.TryoutItem): boolean {
  const metadata = session.metadata;
  return (
    tryout.payment_method === 'stripe' &&
    metadata.tryout_id === tryout.id &&
    metadata.season_id === tryout.season_id &&
    metadata.user_id === tryout.user_id &&
    session.amount_total === tryout.amount_cents &&
    session.currency === PAYMENT_CURRENCY
  );
}

/**
 * A family session is its group's when it names the group and its account, charges the group's total, and
 * every registration of the group is there with the amount the group charged for it.
 */
function familySessionMatches(
  session: CheckoutSession,
  group: paymentsTable.CheckoutGroup,
  tryouts: tryoutsTable.TryoutItem[],
): boolean {
  const total = group.members.reduce((sum, m) => sum + m.amount_cents, 0);
  return (
    session.client_reference_id === `family:${group.group_id}` &&
    session.metadata.user_id === group.user_id &&
    session.amount_total === total &&
    session.currency === PAYMENT_CURRENCY &&
    tryouts.length === group.members.length &&
    group.members.every((m) =>
      tryouts.some((t) => t.player_id === m.player_id && t.amount_cents === m.amount_cents),
    )
  );
}

/**
 * POST /payments/webhook: a delivery from Stripe. The signature is checked on the raw body first (400 and
 * nothing changed when it fails); an event already processed is acknowledged without acting again.
 */
export async function handleStripeWebhook(rawBody: string, signature: string): Promise<{ received: true }> {
  const event = await verifyWebhookEvent(rawBody, signature);
  if (!event) throw new BadRequestError(serverMessages.invalidSignature);
  switch (event.kind) {
    case 'other':
      log.info('stripe event ignored', { eventId: event.id, type: event.type });
      return { received: true };
    case 'malformed':
      // Acknowledged: Stripe would redeliver the same unreadable event for days.
      log.error('stripe event could not be read', { eventId: event.id, type: event.type });
      return { received: true };
    case 'checkout': {
      const marker: Marker = { scope: 'stripe-event', id: event.id, detail: { event_type: event.type } };
      if (await isMarked(marker)) return { received: true };
      await fulfil(event.session, changeFromEvent(event.type, event.session), { source: event.id, marker });
      return { received: true };
    }
    case 'refund':
    case 'dispute': {
      // Each step is idempotent by itself (a refund by its key, a dispute by its values); the marker only
      // spares a redelivery the Stripe calls, so it is written once everything is recorded.
      const marker: Marker = { scope: 'stripe-event', id: event.id, detail: { event_type: event.type } };
      if (await isMarked(marker)) return { received: true };
      const object = event.kind === 'refund' ? event.charge : event.dispute;
      const paymentIntentId = idOf(object.payment_intent);
      const tryouts = paymentIntentId
        ? await viaStripe('payment lookup', () => registrationsOfPayment(paymentIntentId))
        : [];
      if (tryouts.length === 0 || !paymentIntentId) {
        log.error('stripe payment does not match a registration; nothing changed', {
          eventId: event.id,
          type: event.type,
        });
      } else if (event.kind === 'refund') {
        const refunds = await viaStripe('refund list', () => listRefunds(paymentIntentId));
        await reconcileRefunds(tryouts, refunds);
      } else {
        // A dispute is of the whole payment: every registration it paid for shows it.
        for (const tryout of tryouts) await applyDispute(tryout, event.dispute);
      }
      await markAlone(marker, new Date());
      return { received: true };
    }
  }
}

/**
 * The registrations a payment was for: the Checkout Session it was made on names them (one, or a family
 * checkout's), and they must agree (the same session checks as fulfilment, and the payment each recorded).
 * None when not ours.
 */
async function registrationsOfPayment(paymentIntentId: string): Promise<tryoutsTable.TryoutItem[]> {
  const session = await sessionOfPayment(paymentIntentId);
  const tryouts = session ? await registrationsOfSession(session) : [];
  return tryouts.filter((t) => t.payment_intent_id === paymentIntentId);
}

/**
 * GET /payments/confirm?session_id=: the success page's check. Only the player whose registration the
 * session is for may use it (anyone else gets the same 404 as an unknown session, and nothing changes).
 */
export async function confirmPayment(
  caller: AccessTokenClaims,
  sessionId: string,
): Promise<PaymentConfirmation> {
  await requireWithinLimit(rateLimits.confirmUser, caller.sub);
  const session = await viaStripe('confirm', () => retrieveCheckoutSession(sessionId));
  // The session's account (our own metadata, checked against the registration by fulfil) must be the caller.
  if (!session || session.metadata.user_id !== caller.sub)
    throw new NotFoundError(serverMessages.paymentNotFound);
  // A family checkout's registrations move together: the first one says where the payment stands.
  const [tryout] = await fulfil(session, changeFromSession(session), { source: 'confirm' });
  const after = tryout ? await tryoutsTable.getTryout(tryout.season_id, tryout.player_id) : null;
  if (!after) throw new NotFoundError(serverMessages.paymentNotFound);
  return { payment_status: reportedStatus(after) };
}
