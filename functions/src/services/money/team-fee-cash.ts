/**
 * A team fee paid in cash (issue 45 §4): PATCH /admin/offers/{offerId}/cash records it collected (or not
 * collected after all), audited, only for a team that takes cash and an accepted offer whose fee is unpaid; once
 * collected, the family gets its confirmation (once, through the family-mail queue). The offer's card checkout
 * is closed first, so a fee is never paid both ways: a card payment that landed first is what is recorded.
 */
import { teamFeeMessages, type AccessTokenClaims, type AdminOfferFee } from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import * as teamsTable from '../../db/teams/teams';
import { setTeamFeeCash, type TeamFeeOffer } from '../../db/money/team-fees';
import { keys } from '../../db/platform/keys';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { mailTeamFeeConfirmationOnce } from '../mail/team-fee-mail';
import { byAdmin } from '../platform/audit';
import { closeTeamFeeCheckoutForCash } from './team-fee-checkout';
import { adminFeeOf, offerNamed } from './team-fee-refunds';

/** How often cash is tried again when the family started a new checkout page while its last one was closed. */
const MAX_ATTEMPTS = 3;

export async function setOfferCash(
  id: string,
  collected: boolean,
  admin: AccessTokenClaims,
): Promise<AdminOfferFee> {
  let offer = await offerNamed(id);
  const [team, season] = await Promise.all([
    teamsTable.getTeam(offer.team_id),
    seasonsTable.getSeason(offer.season_id),
  ]);
  if (!team || !season) throw new NotFoundError(teamFeeMessages.offerNotFound);
  for (let attempt = 1; ; attempt++) {
    // Cash in hand closes the card page first (a registration's switch to cash does the same): the family can
    // no longer pay by card too, and a card payment that landed meanwhile is recorded instead, and refused.
    if (collected && offer.state === 'accepted' && team.cash_accepted) {
      await closeTeamFeeCheckoutForCash(offer, season.name);
    }
    const out = await setTeamFeeCash({
      seasonId: offer.season_id,
      playerId: offer.player_id,
      teamKey: keys.team(team.season_id, team.team_uuid),
      collected,
      attempt: offer.fee_checkout_attempt,
      by: byAdmin(admin),
    });
    if ('offer' in out) {
      log.info('team fee cash recorded', { offerId: offer.id, collected });
      if (collected) await mailTeamFeeConfirmationOnce(out.offer);
      return adminFeeOf(out.offer);
    }
    const now = out.refused;
    if (!now) throw new NotFoundError(teamFeeMessages.offerNotFound);
    // Asked again for what already holds: the same answer (a double click).
    if (isAlready(now, collected)) return adminFeeOf(now);
    // The family opened a new card page after the last one was closed: close that one too, then record.
    if (collected && now.fee_checkout_attempt !== offer.fee_checkout_attempt && attempt < MAX_ATTEMPTS) {
      offer = now;
      continue;
    }
    throw new ConflictError(refusalOf(now, collected, team.cash_accepted));
  }
}

function isAlready(offer: TeamFeeOffer, collected: boolean): boolean {
  const paidInCash = offer.fee_state === 'paid' && offer.fee_method === 'cash';
  return collected
    ? paidInCash
    : offer.state === 'accepted' && offer.fee_state !== 'paid' && offer.fee_cents > 0;
}

function refusalOf(offer: TeamFeeOffer, collected: boolean, cashAccepted: boolean): string {
  if (!collected) {
    if (offer.fee_state === 'paid' && offer.fee_method === 'stripe') return teamFeeMessages.cashOnCard;
    return teamFeeMessages.cashRefunded;
  }
  if (offer.fee_state === 'paid' && offer.fee_method === 'stripe') return teamFeeMessages.cashOnCard;
  // A fee in instalments (issue 46) with one paid by card: the rest is charged to the card, not cash.
  if (offer.fee_state === 'on_plan') return teamFeeMessages.cashOnPlan;
  if (offer.state !== 'accepted') return teamFeeMessages.notAccepted;
  if (offer.fee_cents <= 0) return teamFeeMessages.noFee;
  if (!cashAccepted) return teamFeeMessages.cashNotAccepted;
  return teamFeeMessages.feeProcessing;
}
