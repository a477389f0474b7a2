/**
 * Offers with a deadline (issue 45 §3): publishing a season's offers, a family's accept or decline, the
 * admin's rescind, and a freed place going to the team's next alternate. Every state change is one
 * conditional transaction (db/offers/offers.ts); this module decides which, and answers.
 */
import {
  offerId as offerIds,
  offerMessages,
  serverMessages,
  teamId as teamIds,
  type AccessTokenClaims,
  type AcceptOfferInput,
  type DeclineOfferInput,
  type OfferAnswer,
  type OffersPublishAnswer,
  type PublishOffersInput,
  type RescindOfferInput,
} from '@club/shared';
import * as offersTable from '../../db/offers/offers';
import type { OfferItem } from '../../db/offers/offers';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import * as seasonsTable from '../../db/seasons/seasons';
import { placementsOfTeam } from '../../db/teams/placements';
import { getTeam, type TeamItem } from '../../db/teams/teams';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { stopInstalments } from '../../db/money/instalments';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { athletesOf } from '../households/households';
import { planOf } from '../money/instalment-plan';
import { closeInstalmentCheckouts } from '../money/instalment-checkout';
import { closeLaterTeamFeeCheckout, closeTeamFeeCheckout } from '../money/team-fee-checkout';
import { byAdmin } from '../platform/audit';
import { toOfferAnswer } from './offer-answer';
import { queueOfferMails } from './offer-mail';
import { runPublishJob } from './offer-publish';

const HOUR_MS = 60 * 60 * 1000;
/** A publish hour this far in the past is a mistake, not "now" said late. */
const PUBLISH_SLACK_MS = 60 * 1000;

/**
 * POST /admin/seasons/{id}/offers/publish: the hour every family hears (now when not said). Stored once
 * (409 when the season's offers are off or already published); when the hour has come, the publish job runs
 * at once, else the minute's sweep runs it then.
 */
export async function publishOffers(
  seasonId: string,
  input: PublishOffersInput,
  admin: AccessTokenClaims,
  now: Date = new Date(),
): Promise<OffersPublishAnswer> {
  const at = input.at ? new Date(input.at) : now;
  if (at.getTime() < now.getTime() - PUBLISH_SLACK_MS) {
    throw new BadRequestError(offerMessages.publishAtPast, [
      { field: 'at', msg: offerMessages.publishAtPast },
    ]);
  }
  const written = await seasonsTable.setOffersPublishAt(seasonId, at.toISOString(), byAdmin(admin, now));
  if (written === 'no-season') throw new NotFoundError(serverMessages.seasonNotFound);
  if (written === 'off') throw new ConflictError(offerMessages.offersOff);
  if (written === 'published') throw new ConflictError(offerMessages.alreadyPublished);
  log.info('offers publish set', { seasonId, at: at.toISOString() });
  if (at.getTime() <= now.getTime()) await runPublishJob(written, now);
  return { publish_at: at.toISOString() };
}

/**
 * The offer a family's call acts on, and whether the caller may: a guardian of the player's household, or
 * the player when an adult. Any other caller, or an id that is not an offer: 404 (whose offers exist is not
 * told). A player under 18 answering their own offer: 403 (their guardian answers).
 */
export async function offerOfCaller(
  caller: AccessTokenClaims,
  id: string,
): Promise<{ season: seasonsTable.SeasonItem; offer: OfferItem; tryout: RegistrationItem }> {
  const ids = offerIds.parse(id);
  if (!ids) throw new NotFoundError('Not found.');
  const own = ids.playerId === caller.sub;
  if (!own && !(await athletesOf(caller)).some((a) => a.id === ids.playerId)) {
    throw new NotFoundError('Not found.');
  }
  const [season, offer, tryout] = await Promise.all([
    seasonsTable.getSeason(ids.seasonId),
    offersTable.getOffer(ids.seasonId, ids.playerId),
    tryoutsTable.getTryout(ids.seasonId, ids.playerId),
  ]);
  if (!season || !offer || !tryout) throw new NotFoundError('Not found.');
  if (own && tryout.is_under_18) throw new ForbiddenError(offerMessages.notYours);
  return { season, offer, tryout };
}

/** Why an offer cannot be answered now: answered already, or past its deadline. */
function refusal(offer: OfferItem): ConflictError {
  if (offer.state !== 'offered') return new ConflictError(offerMessages.alreadyAnswered);
  return new ConflictError(offerMessages.pastDeadline);
}

/**
 * POST /offers/{offerId}/accept: the family takes the place with the waiver's typed name (who, when, which
 * version are stored). Refused once answered, after the deadline, or when the team's places are all taken.
 */
export async function acceptOffer(
  caller: AccessTokenClaims,
  id: string,
  input: AcceptOfferInput,
  now: Date = new Date(),
): Promise<OfferAnswer> {
  const { season, offer } = await offerOfCaller(caller, id);
  if (offer.state !== 'offered' || offer.respond_by <= now.toISOString()) throw refusal(offer);
  const team = await getTeam(offer.team_id);
  if (!team) throw new NotFoundError('Not found.');
  const plan = planOf(offer.fee_cents, team);
  const written = await offersTable.acceptOffer({
    offer,
    team,
    ...(plan ? { plan } : {}),
    waiver: {
      name: input.waiver_name,
      at: now.toISOString(),
      version: season.waiver_text ? (season.waiver_version ?? 1) : 0,
      by_account: caller.sub,
    },
    now,
  });
  if (written === 'full') throw new ConflictError(offerMessages.teamFull);
  if (written === 'past-deadline') throw new ConflictError(offerMessages.pastDeadline);
  if (written === 'not-offered') throw new ConflictError(offerMessages.alreadyAnswered);
  log.info('offer accepted', { offerId: offer.id });
  return toOfferAnswer(written, team, season);
}

/** POST /offers/{offerId}/decline: the family says no (why, if it says); the place goes to the next alternate. */
export async function declineOffer(
  caller: AccessTokenClaims,
  id: string,
  input: DeclineOfferInput,
  now: Date = new Date(),
): Promise<OfferAnswer> {
  const { season, offer } = await offerOfCaller(caller, id);
  if (offer.state !== 'offered' || offer.respond_by <= now.toISOString()) throw refusal(offer);
  const team = await getTeam(offer.team_id);
  if (!team) throw new NotFoundError('Not found.');
  const written = await offersTable.endOffer(
    offer,
    team,
    { to: 'declined', ...(input.reason ? { reason: input.reason } : {}) },
    now,
  );
  if (!written) {
    const current = await offersTable.getOffer(offer.season_id, offer.player_id);
    throw refusal(current ?? offer);
  }
  log.info('offer declined', { offerId: offer.id });
  await fillOpenPlaces(season, offer.team_id, now);
  return toOfferAnswer(written, team, season);
}

/**
 * POST /admin/offers/{offerId}/rescind: the club takes an offer back (rescinded) or ends it as expired, out
 * or accepted, audited; its place goes to the next alternate. 409 when it has already ended. An accepted
 * offer's team fee checkout is closed before and (for a page opened in between) after.
 */
export async function rescindOffer(
  id: string,
  input: RescindOfferInput,
  admin: AccessTokenClaims,
  now: Date = new Date(),
): Promise<OfferAnswer> {
  const ids = offerIds.parse(id);
  if (!ids) throw new NotFoundError('Not found.');
  const [season, offer] = await Promise.all([
    seasonsTable.getSeason(ids.seasonId),
    offersTable.getOffer(ids.seasonId, ids.playerId),
  ]);
  if (!season || !offer) throw new NotFoundError('Not found.');
  if (offer.state !== 'offered' && offer.state !== 'accepted') {
    throw new ConflictError(offerMessages.notOffered);
  }
  const team = await getTeam(offer.team_id);
  if (!team) throw new NotFoundError('Not found.');
  // An accepted offer's team fee page is closed first, so the family cannot pay for a place it no longer
  // holds (a payment that completed meanwhile is recorded, for the admin to refund).
  if (offer.state === 'accepted') await closeTeamFeeCheckout(offer as TeamFeeOffer, season.name);
  const written = await offersTable.endOffer(
    offer,
    team,
    {
      to: input.as ?? 'rescinded',
      by: byAdmin(admin, now),
      from: offer.state,
      ...(input.reason ? { reason: input.reason } : {}),
    },
    now,
  );
  if (!written) throw new ConflictError(offerMessages.notOffered);
  log.info('offer ended by the club', { offerId: offer.id, as: written.state });
  // A fee in instalments (issue 46): none still to come is charged.
  if (offer.fee_plan) {
    await stopInstalments(offer.season_id, offer.player_id);
    await closeInstalmentCheckouts(offer as TeamFeeOffer);
  }
  if (offer.state === 'accepted') await closeLaterTeamFeeCheckout(offer as TeamFeeOffer, season.name);
  await fillOpenPlaces(season, offer.team_id, now);
  return toOfferAnswer(written, team, season);
}

/**
 * An offer ended by the clock: offered → expired only once its deadline passed (the condition, not this
 * read, decides: an accept landing first wins), its place to the next alternate. False when it did not.
 */
export async function expireOffer(
  season: seasonsTable.SeasonItem,
  offer: OfferItem,
  now: Date,
): Promise<boolean> {
  const team = await getTeam(offer.team_id);
  if (!team) return false;
  const written = await offersTable.endOffer(offer, team, { to: 'expired' }, now);
  if (!written) return false;
  log.info('offer expired', { offerId: offer.id });
  await fillOpenPlaces(season, offer.team_id, now);
  return true;
}

/**
 * A place of the team was freed by a change outside the offers (the team fee's withdrawal after acceptance,
 * which moved `accepted` in its own transaction): counted as open, then offered to the next alternate.
 */
export async function placeFreed(seasonId: string, teamId: string, now: Date = new Date()): Promise<number> {
  const [season, team] = await Promise.all([seasonsTable.getSeason(seasonId), getTeam(teamId)]);
  if (!season || !team) return 0;
  await offersTable.addOpenPlace(team);
  return fillOpenPlaces(season, teamId, now);
}

/**
 * Offers each open place of the team to its next alternate, in rank order, when the season's
 * `auto_offer_alternates` is on: each offer one transaction moving the team's cursor from the value read and
 * taking one open place (db offerToAlternate), so two places freed at once go to two alternates and none is
 * offered twice. An alternate withdrawn (or holding an offer already) is passed over. Returns how many.
 */
export async function fillOpenPlaces(
  season: seasonsTable.SeasonItem,
  teamId: string,
  now: Date,
): Promise<number> {
  const settings = seasonsTable.offerSettingsOf(season);
  if (!settings.enabled || !settings.auto_offer_alternates) return 0;
  let offered = 0;
  for (let attempt = 0; attempt < 50; attempt++) {
    const team = await getTeam(teamId);
    if (!team || (team.open_places ?? 0) <= 0) break;
    const cursor = team.next_alternate;
    const alternate = (await placementsOfTeam(teamId)).alternates[cursor];
    if (!alternate) break;
    const offer = await alternateOffer(season, team, alternate.player_id, now, settings.respond_within_hours);
    let outcome = await offersTable.offerToAlternate(team, cursor, offer);
    if (outcome === 'exists') outcome = await offersTable.offerToAlternate(team, cursor, null);
    if (outcome === 'offered' && offer) {
      offered += 1;
      log.info('alternate offered', { offerId: offer.id });
      await queueOfferMails([
        { kind: 'offer', season_id: season.id, player_id: offer.player_id, round: offer.round },
      ]);
    }
  }
  return offered;
}

/** The alternate's offer, with its own deadline; null when they can no longer take it (withdrawn, or offered). */
async function alternateOffer(
  season: seasonsTable.SeasonItem,
  team: TeamItem,
  playerId: string,
  now: Date,
  hours: number,
): Promise<OfferItem | null> {
  const [tryout, existing] = await Promise.all([
    tryoutsTable.getTryout(season.id, playerId),
    offersTable.getOffer(season.id, playerId),
  ]);
  if (!tryout || tryout.withdrawn || existing) return null;
  return {
    id: offerIds.of(season.id, playerId),
    season_id: season.id,
    player_id: playerId,
    team_id: teamIds.of(team.season_id, team.team_uuid),
    state: 'offered',
    round: 1,
    from: 'alternate',
    offered_at: now.toISOString(),
    respond_by: new Date(now.getTime() + hours * HOUR_MS).toISOString(),
    fee_cents: team.fee_cents,
  };
}
