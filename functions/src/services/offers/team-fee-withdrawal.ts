/**
 * Withdrawing after acceptance (issue 45 §4): POST /offers/{offerId}/withdraw, by a guardian of the player or
 * the adult player, gives up an accepted place. The family has read the club's refund policy first (the
 * dashboard shows it before it asks). An open card checkout of the fee is closed first, so no payment lands
 * after; then, in one transaction (db/offers/withdrawals.ts), the offer ends as declined, marked withdrawn
 * after acceptance, the team's accepted count goes down by one and the place is open, and it is offered to the
 * team's next alternate (offers.ts fillOpenPlaces). Money back is the admin's refund, under the policy.
 */
import { teamFeeMessages, type AccessTokenClaims, type OfferAnswer } from '@club/shared';
import * as offersTable from '../../db/offers/offers';
import { withdrawAcceptedOffer } from '../../db/offers/withdrawals';
import { instalmentsOfPlayer, stopInstalments } from '../../db/money/instalments';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { getTeam } from '../../db/teams/teams';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { closeInstalmentCheckouts } from '../money/instalment-checkout';
import { closeLaterTeamFeeCheckout, closeTeamFeeCheckout } from '../money/team-fee-checkout';
import { toOfferAnswer } from './offer-answer';
import { fillOpenPlaces, offerOfCaller } from './offers';

export async function withdrawOffer(
  caller: AccessTokenClaims,
  id: string,
  now: Date = new Date(),
): Promise<OfferAnswer> {
  const { season, offer } = await offerOfCaller(caller, id);
  if (offer.state !== 'accepted') throw new ConflictError(teamFeeMessages.withdrawOnlyAccepted);
  const team = await getTeam(offer.team_id);
  if (!team) throw new NotFoundError(teamFeeMessages.offerNotFound);
  await closeTeamFeeCheckout(offer as TeamFeeOffer, season.name);
  const written = await withdrawAcceptedOffer(offer, team, now);
  if (!written) throw new ConflictError(teamFeeMessages.withdrawOnlyAccepted);
  log.info('accepted offer withdrawn', { offerId: offer.id });
  // A fee in instalments (issue 46): none still to come is charged.
  if (offer.fee_plan) {
    await stopInstalments(offer.season_id, offer.player_id);
    await closeInstalmentCheckouts(offer as TeamFeeOffer);
  }
  await closeLaterTeamFeeCheckout(offer as TeamFeeOffer, season.name);
  await fillOpenPlaces(season, offer.team_id, now);
  const after = (await offersTable.getOffer(offer.season_id, offer.player_id)) ?? written;
  const instalments = after.fee_plan ? await instalmentsOfPlayer(after.season_id, after.player_id) : [];
  return toOfferAnswer(after, team, season, instalments);
}
