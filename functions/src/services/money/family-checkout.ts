/**
 * One family, one checkout (issue 36): POST /household/checkout resumes ONE checkout page for every unpaid
 * card registration of the caller's household, on top of the single-registration attempts of checkout.ts.
 */
import { randomUUID } from 'node:crypto';
import { isPayable, serverMessages, type AccessTokenClaims, type CheckoutAnswer } from '@club/shared';
import * as paymentsTable from '../../db/money/payments';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { retrieveCheckoutSession } from '../../payments/checkout-sessions';
import { checkoutExpiry, currentSession, hasTimeToPay, openCheckout, payAgain, settle } from './checkout';
import { awaitsSupportAnswer } from './financial-support';
import { familyOf } from '../households/households';
import { viaStripe } from './payment-fulfilment';
import { rateLimits, requireWithinLimit } from '../platform/rate-limits';

/**
 * POST /household/checkout (issue 36): ONE checkout page for every unpaid card registration of the caller's
 * household in the active season, one line item each, so a family that cancelled (or whose children were
 * registered apart) pays once, on one statement line. An open family page that already covers exactly them,
 * with time to pay, is given again; otherwise every current session is settled first (a completed one is
 * fulfilled and the family is told to look again) and one transaction moves them all to one new attempt.
 * One unpaid registration is plain "pay again".
 */
export async function startFamilyCheckout(caller: AccessTokenClaims): Promise<CheckoutAnswer> {
  await requireWithinLimit(rateLimits.payAgainUser, caller.sub);
  const [season, family] = await Promise.all([seasonsTable.getActiveSeason(), familyOf(caller)]);
  if (!season) throw new NotFoundError(serverMessages.notRegistered);
  const read = await tryoutsTable.getTryoutsOf(
    season.id,
    family.players.map((p) => p.id),
  );
  const unpaid = payableNow(read);
  if (!unpaid.length) {
    // Only cards waiting for the club's answer about financial support (issue 42): say so.
    throw new ConflictError(
      serverMessages[read.some(awaitsSupportAnswer) ? 'supportAnswerPending' : 'nothingToPay'],
    );
  }
  if (unpaid.length === 1) return payAgain(unpaid[0]!, season);
  return viaStripe('pay again', async () => {
    const open = await openFamilyPage(unpaid, season);
    if (open) return { url: open };
    const changed = () => new ConflictError(serverMessages.familyPaymentChanged);
    const settled = new Set<string>();
    for (const tryout of unpaid) {
      if (tryout.checkout_session_id && settled.has(tryout.checkout_session_id)) continue;
      const current = await currentSession(tryout, season.name);
      if (current) await settle(current, tryout, changed);
      if (tryout.checkout_session_id) settled.add(tryout.checkout_session_id);
    }
    const now = new Date();
    const group: paymentsTable.CheckoutGroup = {
      group_id: randomUUID(),
      season_id: season.id,
      user_id: caller.sub,
      email: caller.email,
      members: unpaid.map((t) => ({
        player_id: t.player_id,
        age_group: t.age_group,
        tryout_number: t.tryout_number,
        amount_cents: t.amount_cents,
      })),
      expires_at: checkoutExpiry(now),
      created_at: now.toISOString(),
    };
    const next = Math.max(...unpaid.map((t) => t.checkout_attempt!)) + 1;
    const started = await paymentsTable.startFamilyAttempt({
      group,
      members: unpaid.map((t) => ({ playerId: t.player_id, from: t.checkout_attempt! })),
      next,
    });
    if (started) {
      const { checkout_session_id: _session, ...first } = unpaid[0]!;
      return {
        url: await openCheckout(
          {
            ...first,
            checkout_attempt: next,
            checkout_expires_at: group.expires_at,
            checkout_group_id: group.group_id,
            payment_status: 'pending',
          },
          season.name,
        ),
      };
    }
    // Another click moved them first: join its page when it covers them all, else say where things stand.
    const now2 = await unpaidCardRegistrations(
      season.id,
      unpaid.map((t) => t.player_id),
    );
    const joined = now2.length === unpaid.length ? await openFamilyPage(now2, season, true) : null;
    if (joined) return { url: joined };
    throw changed();
  });
}

/** The household's card registrations still to pay, by number (the order of the line items). */
async function unpaidCardRegistrations(seasonId: string, playerIds: string[]): Promise<RegistrationItem[]> {
  return payableNow(await tryoutsTable.getTryoutsOf(seasonId, playerIds));
}

/**
 * Of these registrations, the card ones to pay now, by number: not withdrawn, unpaid, and not waiting for the
 * club's answer about financial support (issue 42: those join a family checkout once answered).
 */
function payableNow(read: RegistrationItem[]): RegistrationItem[] {
  return read
    .filter(
      (t) =>
        !t.withdrawn &&
        isPayable(t.payment_method, t.payment_status) &&
        t.checkout_attempt !== undefined &&
        !awaitsSupportAnswer(t),
    )
    .sort((a, b) => a.tryout_number - b.tryout_number);
}

/**
 * The page of the family checkout these registrations are all in, when that group covers exactly them, is on
 * one attempt and its session is open with time to pay (or, `opening`, being opened by another click).
 */
async function openFamilyPage(
  tryouts: RegistrationItem[],
  season: seasonsTable.SeasonItem,
  /** Another click moved them a moment ago: its page may not be stored yet, join it whatever it says. */
  opening = false,
): Promise<string | null> {
  const first = tryouts[0]!;
  const groupId = first.checkout_group_id;
  if (!groupId || !hasTimeToPay(first, new Date())) return null;
  if (tryouts.some((t) => t.checkout_group_id !== groupId || t.checkout_attempt !== first.checkout_attempt))
    return null;
  const group = await paymentsTable.getCheckoutGroup(season.id, groupId);
  if (!group || group.members.length !== tryouts.length) return null;
  // No session stored yet: another click is opening this very attempt (its create may be in flight, or its
  // answer was lost): join it (the same key gets the same page), never expire it under that click.
  if (!opening && first.checkout_session_id) {
    const current = await retrieveCheckoutSession(first.checkout_session_id);
    if (current?.status !== 'open') return null;
  }
  return openCheckout(first, season.name);
}
