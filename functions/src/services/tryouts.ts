/**
 * Tryout registration (spec §2 /tryout, §4 payment): who may register for the active season, the registration
 * with its gap-free tryout number, the player's own record (GET /tryouts/my), withdrawal and the switch to
 * cash. A registration's calendar and receipt are in tryout-documents.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  amountsOf,
  reportedStatus,
  serverMessages,
  sessionsOf,
  tryoutId,
  sessionInstant,
  type AccessTokenClaims,
  type MyTryout,
  type TryoutRegistrationAnswer,
  type TryoutRegistrationInput,
} from '@club/shared';
import * as seasonsTable from '../db/seasons';
import * as paymentsTable from '../db/payments';
import * as tryoutNumbers from '../db/tryout-numbers';
import * as tryoutsTable from '../db/tryouts';
import type { NewTryout, TryoutItem, WithdrawnBy } from '../db/tryout-item';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../lib/errors';
import { log } from '../lib/log';
import { mailConfirmationOnce } from './confirmation-mail';
import { mailWithdrawal } from './family-change-mail';
import { familyOf, playerIdOf } from './households';
import { checkoutExpiry, closeCheckout, openCheckout, openFamilyCheckout } from './checkout';
import { siblingFeeOf } from './seasons';
import { repriceAfterWithdrawal } from './sibling-fees';
import { callerPlayerId, snapshotOf } from './players';
import { acceptedWaiver, refuseMisfit } from './registration-rules';
import { supportAnswerField } from './financial-support';
import { rateLimits, requireWithinLimit } from './rate-limits';

/**
 * How long a registration keeps trying for a tryout number while others take them: far beyond what a burst
 * of a whole season's players needs, and still inside API Gateway's 29 s.
 */
export const REGISTRATION_GIVE_UP_MS = 15_000;

/**
 * Registered, and its tryout number not given within the request's time (a night busier than the table):
 * the next batch or the minute's sweep numbers it. POST /tryouts/register answers 202 with the message; the
 * door's walk-up, which cannot check a child in without a number, answers it as a 503 to try again.
 */
export class NumberFollowsError extends ServiceUnavailableError {
  constructor() {
    super(serverMessages.registrationNumberFollows);
  }
}

/** The shape the player's screens read (spec §3 "My tryout record"). */
export function toMyTryout(tryout: TryoutItem, season: seasonsTable.SeasonItem): MyTryout {
  return {
    hasRegistered: true,
    season: season.name,
    tryout_number: tryout.tryout_number,
    result: tryout.result,
    payment_method: tryout.payment_method,
    payment_status: reportedStatus(tryout),
    // The team link is the selected players' only (spec §2 dashboard).
    teamsnap_link: tryout.result === 'selected' ? (season.teamsnap_links[tryout.age_group] ?? null) : null,
    age_group: tryout.age_group,
    ...amountsOf(tryout),
    sessions: sessionsOf(season.sessions, tryout.age_group),
    withdrawn: tryout.withdrawn === true,
    // Once a result is set, withdrawing is the club's to arrange (issue 36).
    withdrawal_open: tryout.withdrawn !== true && !tryout.result && withdrawalOpen(season, new Date()),
    refund_policy: season.refund_policy ?? '',
    ...supportAnswerField(tryout),
  };
}

/**
 * The active season and the registration a signed-in call acts on: the caller's own (the spec's calls), or
 * that athlete's of the caller's household (the /household/tryouts/{athleteId} calls). 404 when either is
 * missing.
 */
export async function registrationOf(
  caller: AccessTokenClaims,
  athleteId?: string,
): Promise<{ season: seasonsTable.SeasonItem; tryout: TryoutItem }> {
  const [season, playerId] = await Promise.all([
    seasonsTable.getActiveSeason(),
    playerIdOf(caller, athleteId),
  ]);
  const tryout = season ? await tryoutsTable.getTryout(season.id, playerId) : null;
  if (!season || !tryout) throw new NotFoundError(serverMessages.notRegistered);
  return { season, tryout };
}

/** Whether withdrawing is still open: until the season's first session starts (always, before any is set). */
function withdrawalOpen(season: seasonsTable.SeasonItem, now: Date): boolean {
  const first = [...season.sessions].sort((a, b) => a.starts_at.localeCompare(b.starts_at))[0];
  return !first || now < sessionInstant(first.starts_at);
}

/**
 * POST /tryouts/my/withdraw: the family withdraws before the season's first session starts (409 after). An
 * unpaid card checkout is closed first, so no payment lands on a withdrawn registration; one that went
 * through meanwhile stays paid, for the admin to refund. The number stays with the registration, retired.
 * Already withdrawn: answered as it is.
 */
export async function withdraw(caller: AccessTokenClaims, athleteId?: string): Promise<MyTryout> {
  await requireWithinLimit(rateLimits.switchToCashUser, caller.sub);
  const { season, tryout } = await registrationOf(caller, athleteId);
  const by: WithdrawnBy = {
    kind: tryout.player_id === callerPlayerId(caller) ? 'player' : 'guardian',
    name: `${caller.first_name} ${caller.last_name}`,
  };
  const written = await withdrawRegistration(season, tryout, new Date(), by);
  if (!tryout.withdrawn) {
    await repriceAfterWithdrawal(caller, season, tryout);
    // The family is told what it means for the number and the money (issue 36).
    await mailWithdrawal(written);
  }
  return toMyTryout(written, season);
}

/**
 * The withdrawal itself, with no limit of the family's own: what the family's withdraw does once it has found
 * the registration, and what an account's deletion does for each of its athletes (issue 34: a deletion is not
 * counted against the withdraw limit). 409 once the season's first session has started.
 */
export async function withdrawRegistration(
  season: seasonsTable.SeasonItem,
  tryout: TryoutItem,
  now: Date,
  /** Who withdraws it: the admin's Player Details says so (issue 42). */
  by: WithdrawnBy,
): Promise<TryoutItem> {
  if (tryout.withdrawn) return tryout;
  if (!withdrawalOpen(season, now)) throw new ConflictError(serverMessages.withdrawalClosed);
  if (tryout.result) throw new ConflictError(serverMessages.withdrawalAfterResult);
  if (tryout.payment_method === 'stripe' && ['pending', 'failed'].includes(tryout.payment_status)) {
    await closeCheckout(tryout, season.name).catch((error: unknown) => {
      // Paid or settling a moment ago: the withdrawal goes ahead and the admin decides on a refund.
      if (!(error instanceof ConflictError)) throw error;
    });
  }
  const written = await tryoutsTable.withdrawTryout(season.id, tryout.player_id, now, by);
  if (!written) throw new NotFoundError(serverMessages.notRegistered);
  log.info('registration withdrawn', { tryoutId: written.id });
  return written;
}

/** GET /tryouts/my: the caller's registration for the active season; 404 when there is none. */
export async function getMyTryout(caller: AccessTokenClaims): Promise<MyTryout> {
  const season = await seasonsTable.getActiveSeason();
  const tryout = season ? await tryoutsTable.getTryout(season.id, callerPlayerId(caller)) : null;
  if (!season || !tryout) throw new NotFoundError(serverMessages.notRegistered);
  return toMyTryout(tryout, season);
}

/**
 * POST /tryouts/register. Refusals are checked before anything is written; the season's openness and the
 * one-registration-per-player rule are checked again inside the write, so a close or a double click racing
 * this request cannot get past them. A card registration then opens its checkout; if Stripe fails, the
 * registration stays (pending, payable from the dashboard) and the answer says so with a 503.
 * `{payment_method, age_group}` registers the account holder (spec §7); `{payment_method, registrations}`
 * the household's athletes (issue 17), each further athlete of the household in the season at the sibling fee.
 */
export async function registerForTryout(
  caller: AccessTokenClaims,
  input: TryoutRegistrationInput,
  /** A walk-up at the door (issue 37): the cash was taken as it registered, so it is paid from the start. */
  options: { cashTakenAt?: Date } = {},
): Promise<TryoutRegistrationAnswer> {
  const season = await seasonsTable.getActiveSeason();
  if (!season) throw new NotFoundError(serverMessages.noActiveSeason);
  if (!season.is_registration_open) throw new ConflictError(serverMessages.registrationClosed(season.name));
  const wanted = input.registrations ?? [{ athlete_id: callerPlayerId(caller), age_group: input.age_group! }];
  for (const { age_group } of wanted) {
    if (!season.age_groups.includes(age_group)) throw new BadRequestError(serverMessages.ageGroupNotOffered);
  }
  const ownOnly = wanted.length === 1 && wanted[0]!.athlete_id === callerPlayerId(caller);
  const free = season.tryout_fee_cents === 0;
  const card = !free && input.payment_method === 'stripe';
  // Asked about financial support: the card waits for the club's answer, no checkout yet (issue 42).
  const held = card && input.financial_support === true;
  // Athletes registered together pay together: one family checkout, one line item each.
  const groupId = card && !held && input.registrations ? randomUUID() : undefined;
  const family = await familyOf(caller);
  const players = wanted.map(({ athlete_id }) => {
    const player = family.players.find((p) => p.id === athlete_id);
    if (!player) throw new NotFoundError(serverMessages.athleteNotFound);
    return player;
  });
  const existing = await tryoutsTable.getTryoutsOf(
    season.id,
    family.players.map((p) => p.id),
  );
  for (const player of players) {
    if (!existing.some((t) => t.player_id === player.id)) continue;
    throw new ConflictError(
      ownOnly
        ? serverMessages.alreadyRegistered
        : serverMessages.athleteAlreadyRegistered(player.details.first_name),
    );
  }
  wanted.forEach(({ age_group }, i) => refuseMisfit(players[i]!, age_group, season, ownOnly));

  const waiver = acceptedWaiver(caller, season, input.waiver, new Date());
  const photoConsent = (i: number) => input.registrations?.[i]?.photo_consent ?? input.photo_consent;

  // The first athlete of a household in a season pays the fee, each further one the sibling fee.
  const before = existing.filter((t) => !t.withdrawn).length;
  const expiresAt = checkoutExpiry(new Date());
  const now = new Date();
  const tryouts = wanted.map(({ age_group }, i): NewTryout => ({
    id: tryoutId.of(season.id, players[i]!.id),
    season_id: season.id,
    ...snapshotOf(players[i]!),
    guardians: family.contacts,
    age_group,
    payment_method: free ? 'cash' : input.payment_method,
    payment_status: free || (options.cashTakenAt && !card) ? 'paid' : card ? 'pending' : 'cash',
    ...(options.cashTakenAt && !card && !free
      ? { cash_collected_at: options.cashTakenAt.toISOString() }
      : {}),
    amount_cents: free ? 0 : before + i === 0 ? season.tryout_fee_cents : siblingFeeOf(season),
    attended: false,
    result: '',
    email_sent: false,
    created_at: now.toISOString(),
    // A held attempt never had a page: nothing of it can be paid, and its expiry is long past.
    ...(card ? { checkout_attempt: 1, checkout_expires_at: held ? 0 : expiresAt } : {}),
    ...(held ? { held_for_support: true } : {}),
    ...(groupId ? { checkout_group_id: groupId } : {}),
    ...(waiver ? { waiver } : {}),
    ...(photoConsent(i) !== undefined ? { photo_consent: photoConsent(i) } : {}),
    ...(input.financial_support && !free ? { financial_support_requested: true } : {}),
    ...(players[i]!.medicalNotes ? { medical_notes: players[i]!.medicalNotes } : {}),
  }));
  const made = await numbered(tryouts, season, now, (playerId) =>
    ownOnly
      ? serverMessages.alreadyRegistered
      : serverMessages.athleteAlreadyRegistered(players.find((p) => p.id === playerId)!.details.first_name),
  );
  const answers = made.map((t) => ({ athlete_id: t.player_id, ...toMyTryout(t, season) }));
  const answer: TryoutRegistrationAnswer = {
    tryout: toMyTryout(made[0]!, season),
    ...(input.registrations ? { tryouts: answers } : {}),
  };
  const registered = made[0]!;
  // Nothing to pay by card: its confirmation was queued as it was written, and goes once it is numbered.
  if (!card) return answer;
  // Held for the club's answer: registered and numbered, nothing to pay yet (the dashboard says so).
  if (held) return answer;
  const opening = groupId
    ? openFamilyCheckout(caller, made, season.name, new Date())
    : openCheckout(registered, season.name);
  const url = await opening.catch((error: unknown) => {
    log.warn('checkout could not be opened at registration', {
      tryoutId: registered.id,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return null;
  });
  if (!url) throw new ServiceUnavailableError(serverMessages.checkoutUnavailable);
  return { ...answer, url };
}

/**
 * Registers and numbers new registrations together (db/tryout-numbers.ts); each refusal as the family should
 * read it. Written but not yet numbered when the time is up (a table in trouble): the next registration or
 * the minute's sweep numbers them, so the family is told it is registered and the number follows.
 */
async function numbered(
  tryouts: NewTryout[],
  season: seasonsTable.SeasonItem,
  now: Date,
  alreadyRegistered: (playerId: string) => string,
): Promise<TryoutItem[]> {
  const inserted = await tryoutNumbers.insertRegistrations(
    tryouts,
    { reference_year: season.reference_year },
    now.getTime() + REGISTRATION_GIVE_UP_MS,
    // One confirmation for the household's registrations made together (issue 36), queued before the
    // numbering, so a request that dies now still has it sent; a card's follows its payment. The worker
    // sends it once every one of them is numbered (a mail is never split, nor sent without the numbers).
    () => mailConfirmationOnce(tryouts.filter((t) => t.payment_method !== 'stripe')),
  );
  switch (inserted.outcome) {
    case 'already-registered':
      throw new ConflictError(alreadyRegistered(inserted.player_id));
    case 'closed':
      throw new ConflictError(serverMessages.registrationClosed(season.name));
    case 'season-changed':
      throw new ConflictError(serverMessages.seasonSettingsChanged);
    case 'waiting':
      log.error('tryout registrations written but not numbered in time', { seasonId: season.id });
      throw new NumberFollowsError();
    case 'created':
      break;
  }
  for (const t of inserted.tryouts) {
    log.info('tryout registration created', { tryoutId: t.id, method: t.payment_method });
  }
  return inserted.tryouts;
}

/**
 * PATCH /tryouts/my {"payment_method":"cash"}: a family whose card payment was abandoned pays cash on the day
 * instead, keeping its number. The checkout is closed first (an open session expired), so a late payment can
 * never land on a cash row; then one conditional write switches the registration, only while it is still the
 * unpaid card attempt whose session was closed. A paid or processing card registration is refused. Already
 * cash: answered as it is.
 */
export async function switchToCash(caller: AccessTokenClaims, athleteId?: string): Promise<MyTryout> {
  await requireWithinLimit(rateLimits.switchToCashUser, caller.sub);
  const { season, tryout } = await registrationOf(caller, athleteId);
  if (tryout.withdrawn) throw new ConflictError(serverMessages.registrationWithdrawn);
  if (tryout.payment_method === 'cash') return toMyTryout(tryout, season);
  refuseUnlessUnpaidCard(tryout);
  await closeCheckout(tryout, season.name);
  const switched = await paymentsTable.switchToCash({
    seasonId: season.id,
    playerId: tryout.player_id,
    attempt: tryout.checkout_attempt ?? 0,
    now: new Date(),
  });
  if (switched) {
    log.info('registration switched to cash', { tryoutId: switched.id });
    await mailConfirmationOnce(switched, season);
    return toMyTryout(switched, season);
  }
  // Something moved meanwhile (a payment landed, another tab paid again or switched): say where it stands.
  const now = await tryoutsTable.getTryout(season.id, tryout.player_id);
  if (!now) throw new NotFoundError(serverMessages.notRegistered);
  if (now.payment_method === 'cash') return toMyTryout(now, season);
  refuseUnlessUnpaidCard(now);
  throw new ConflictError(serverMessages.paymentsUnavailable);
}

function refuseUnlessUnpaidCard(tryout: TryoutItem): void {
  if (tryout.payment_status === 'paid') throw new ConflictError(serverMessages.cashSwitchPaid);
  if (tryout.payment_status === 'processing') throw new ConflictError(serverMessages.cashSwitchProcessing);
}
