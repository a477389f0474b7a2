/**
 * Tryout registration (spec §2 /tryout, §4 payment, §7 POST /tryouts/register): who may register for the
 * active season, and the registration with its gap-free tryout number (or the 202 that says it follows).
 */
import { randomUUID } from 'node:crypto';
import {
  serverMessages,
  tryoutId,
  type AccessTokenClaims,
  type AgeGroup,
  type MyTryout,
  type TryoutRegistrationAnswer,
  type TryoutRegistrationInput,
  etransferMessages,
  waitlistMessages,
} from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutNumbers from '../../db/registration/tryout-numbers';
import * as tryoutsTable from '../../db/registration/registrations';
import type { NewRegistration, RegistrationItem } from '../../db/registration/registration-item';
import * as waitlistTable from '../../db/registration/waitlist';
import type { WaitlistItem } from '../../db/registration/waitlist';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { log } from '../../lib/log';
import { mailConfirmationOnce } from '../mail/confirmation-mail';
import { familyOf } from '../households/households';
import { checkoutExpiry, openCheckout, openFamilyCheckout } from '../money/checkout';
import { siblingFeeOf } from '../seasons/seasons';
import { claimReferenceFor } from '../money/etransfer';
import { callerPlayerId, snapshotOf } from './players';
import { acceptedWaiver, refuseMisfit } from './registration-rules';
import { toMyTryout } from './my-registration';
import { hasCapacity, toWaitlistedTryout } from './waitlist';

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
  // Interac e-Transfer (issue 46): only where the admin turned it on with the club's address.
  const etransfer = !free && input.payment_method === 'etransfer';
  if (etransfer && !(season.etransfer?.enabled && season.etransfer.address)) {
    throw new BadRequestError(etransferMessages.notOffered);
  }
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
  const takingSpots = await spotsTaken(season, players, wanted, ownOnly, new Date());

  const waiver = acceptedWaiver(caller, season, input.waiver, new Date());
  const photoConsent = (i: number) => input.registrations?.[i]?.photo_consent ?? input.photo_consent;

  // The first athlete of a household in a season pays the fee, each further one the sibling fee.
  const before = existing.filter((t) => !t.withdrawn).length;
  const expiresAt = checkoutExpiry(new Date());
  const now = new Date();
  const amountOf = (i: number) =>
    free ? 0 : before + i === 0 ? season.tryout_fee_cents : siblingFeeOf(season);
  // Each child its own e-Transfer code, claimed before the registration is written (a refused one stays unused).
  const references = etransfer
    ? await Promise.all(
        players.map((p, i) =>
          claimReferenceFor({ seasonId: season.id, playerId: p.id, amountCents: amountOf(i) }, now),
        ),
      )
    : [];
  const tryouts = wanted.map(({ age_group }, i): NewRegistration => ({
    id: tryoutId.of(season.id, players[i]!.id),
    season_id: season.id,
    ...snapshotOf(players[i]!),
    guardians: family.contacts,
    age_group,
    payment_method: free ? 'cash' : input.payment_method,
    payment_status:
      free || (options.cashTakenAt && !card && !etransfer)
        ? 'paid'
        : card
          ? 'pending'
          : etransfer
            ? 'awaiting_etransfer'
            : 'cash',
    ...(etransfer ? { etransfer_reference: references[i]! } : {}),
    ...(options.cashTakenAt && !card && !etransfer && !free
      ? { cash_collected_at: options.cashTakenAt.toISOString() }
      : {}),
    amount_cents: amountOf(i),
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
  const nameOf = (playerId: string) => players.find((p) => p.id === playerId)!.details.first_name;
  const decided = await numbered(tryouts, season, now, takingSpots, {
    alreadyRegistered: (playerId) =>
      ownOnly ? serverMessages.alreadyRegistered : serverMessages.athleteAlreadyRegistered(nameOf(playerId)),
    onWaitlist: (playerId) =>
      ownOnly ? waitlistMessages.onWaitlist : waitlistMessages.athleteOnWaitlist(nameOf(playerId)),
  });
  const made = decided.tryouts;
  // A group full (issue 45): on its waitlist, with no number and nothing to pay; each child decided alone.
  const waitlist = decided.waitlisted.length ? await waitlistTable.waitlistPlacesOf(season.id) : [];
  const answerOf = (playerId: string): MyTryout => {
    const t = made.find((r) => r.player_id === playerId);
    if (t) return toMyTryout(t, season);
    const entry = decided.waitlisted.find((e) => e.player_id === playerId)!;
    return toWaitlistedTryout(entry, season, waitlist, now);
  };
  const answers = tryouts.map((t) => ({ athlete_id: t.player_id, ...answerOf(t.player_id) }));
  const answer: TryoutRegistrationAnswer = {
    tryout: answerOf(tryouts[0]!.player_id),
    ...(input.registrations ? { tryouts: answers } : {}),
  };
  const registered = made[0];
  // Nothing to pay by card: its confirmation was queued as it was written, and goes once it is numbered.
  // Nobody numbered (every one waitlisted): nothing to pay at all.
  if (!card || !registered) return answer;
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
 * Registers and numbers new registrations together (db/registration/tryout-numbers.ts); each refusal as the family should
 * read it. Written but not yet numbered when the time is up (a table in trouble): the next registration or
 * the minute's sweep numbers them, so the family is told it is registered and the number follows.
 */
async function numbered(
  tryouts: NewRegistration[],
  season: seasonsTable.SeasonItem,
  now: Date,
  takingSpots: ReadonlySet<string>,
  refusals: { alreadyRegistered: (playerId: string) => string; onWaitlist: (playerId: string) => string },
): Promise<{ tryouts: RegistrationItem[]; waitlisted: WaitlistItem[] }> {
  const inserted = await tryoutNumbers.insertRegistrations(
    tryouts,
    {
      reference_year: season.reference_year,
      ...(hasCapacity(season) ? { waitlist: { takingSpots, now } } : {}),
    },
    now.getTime() + REGISTRATION_GIVE_UP_MS,
    // One confirmation for the household's registrations made together (issue 36), queued before the
    // numbering, so a request that dies now still has it sent; a card's follows its payment. The worker
    // sends it once every one of them is numbered (a mail is never split, nor sent without the numbers).
    () => mailConfirmationOnce(tryouts.filter((t) => t.payment_method !== 'stripe')),
  );
  switch (inserted.outcome) {
    case 'already-registered':
      throw new ConflictError(refusals.alreadyRegistered(inserted.player_id));
    case 'waitlisted-already':
      throw new ConflictError(refusals.onWaitlist(inserted.player_id));
    case 'hold-ended':
      throw new ConflictError(waitlistMessages.holdEnded);
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
  for (const t of inserted.waitlisted) log.info('tryout registration waitlisted', { seasonId: t.season_id });
  return { tryouts: inserted.tryouts, waitlisted: inserted.waitlisted };
}

/**
 * In a season with a capacity (issue 45): the players taking the spot held for them (registering them takes
 * it); a player waiting without a spot, whose hold ended, or registering for another group than the spot's,
 * is refused (409) before anything is written. The write checks the waitlist again.
 */
async function spotsTaken(
  season: seasonsTable.SeasonItem,
  players: ReadonlyArray<{ id: string; details: { first_name: string } }>,
  wanted: ReadonlyArray<{ age_group: AgeGroup }>,
  ownOnly: boolean,
  now: Date,
): Promise<Set<string>> {
  const taking = new Set<string>();
  if (!hasCapacity(season)) return taking;
  const entries = await waitlistTable.waitlistEntriesOf(
    season.id,
    players.map((p) => p.id),
  );
  players.forEach((player, i) => {
    const entry = entries.find((e) => e.player_id === player.id);
    if (!entry) return;
    if (entry.spot_offered_until === undefined) {
      throw new ConflictError(
        ownOnly ? waitlistMessages.onWaitlist : waitlistMessages.athleteOnWaitlist(player.details.first_name),
      );
    }
    if (!waitlistTable.holdsSpot(entry, now)) throw new ConflictError(waitlistMessages.holdEnded);
    if (entry.age_group !== wanted[i]!.age_group) {
      throw new ConflictError(waitlistMessages.spotInGroup(entry.age_group));
    }
    taking.add(player.id);
  });
  return taking;
}
