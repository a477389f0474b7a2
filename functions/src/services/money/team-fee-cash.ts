/**
 * A team fee paid in cash (issue 45 §4): PATCH /admin/offers/{offerId}/cash records it collected (or not
 * collected after all), audited, only for a team that takes cash and an accepted offer whose fee is unpaid; once
 * collected, the family gets its confirmation (once, through the family-mail queue).
 */
import { teamFeeMessages, type AccessTokenClaims, type AdminOfferFee } from '@club/shared';
import * as teamsTable from '../../db/teams/teams';
import { setTeamFeeCash, type TeamFeeOffer } from '../../db/money/team-fees';
import { keys } from '../../db/platform/keys';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { mailTeamFeeConfirmationOnce } from '../mail/team-fee-mail';
import { byAdmin } from '../platform/audit';
import { adminFeeOf, offerNamed } from './team-fee-refunds';

export async function setOfferCash(
  id: string,
  collected: boolean,
  admin: AccessTokenClaims,
): Promise<AdminOfferFee> {
  const offer = await offerNamed(id);
  const team = await teamsTable.getTeam(offer.team_id);
  if (!team) throw new NotFoundError(teamFeeMessages.offerNotFound);
  const out = await setTeamFeeCash({
    seasonId: offer.season_id,
    playerId: offer.player_id,
    teamKey: keys.team(team.season_id, team.team_uuid),
    collected,
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
  throw new ConflictError(refusalOf(now, collected, team.cash_accepted));
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
  if (offer.state !== 'accepted') return teamFeeMessages.notAccepted;
  if (offer.fee_cents <= 0) return teamFeeMessages.noFee;
  if (!cashAccepted) return teamFeeMessages.cashNotAccepted;
  return teamFeeMessages.feeProcessing;
}
