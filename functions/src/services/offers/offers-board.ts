/**
 * The admin's offers board (issue 45 §5): GET /admin/seasons/{id}/offers-board?age_group= answers, per team of
 * the season (of one age group when asked), its places, its offers counted by state, its alternates in order
 * with where each one's offer stands, the players holding (or who held) its offers with their team fee, and
 * the fees collected. Read from the season's partition only (Queries of its prefixes, never a Scan), strongly
 * consistent so a change just made shows.
 */
import {
  OFFER_STATES,
  teamFeeMessages,
  teamId as teamIds,
  tryoutId,
  type AgeGroup,
  type OfferCounts,
  type OffersBoard,
  type OffersBoardTeam,
} from '@club/shared';
import * as offersTable from '../../db/offers/offers';
import * as placementsTable from '../../db/teams/placements';
import * as refundsTable from '../../db/money/team-fee-refunds';
import { getSeasonWithTryouts } from '../../db/seasons/season-partition';
import * as teamsTable from '../../db/teams/teams';
import { feeStateOf, paidCentsOf, type TeamFeeOffer } from '../../db/money/team-fees';
import { instalmentsOfSeason } from '../../db/money/instalments';
import { NotFoundError } from '../../lib/errors';
import { adminFeeOf } from '../money/team-fee-refunds';

/** What accepted offers paying in instalments (issue 46) still owe: the fee less what the plan collected. */
function onPlanOwed(offers: readonly TeamFeeOffer[]): number {
  return offers
    .filter((o) => o.state === 'accepted' && o.fee_state === 'on_plan')
    .reduce((sum, o) => sum + Math.max(0, o.fee_cents - (o.fee_plan_paid_cents ?? 0)), 0);
}

export async function getOffersBoard(seasonId: string, ageGroup?: AgeGroup): Promise<OffersBoard> {
  const [{ season, tryouts }, teams, placements, offers, refunds, instalments] = await Promise.all([
    getSeasonWithTryouts(seasonId),
    teamsTable.teamsOfSeason(seasonId),
    placementsTable.placementsOfSeason(seasonId),
    offersTable.offersOfSeason(seasonId) as Promise<TeamFeeOffer[]>,
    refundsTable.teamFeeRefundsOfSeason(seasonId),
    instalmentsOfSeason(seasonId),
  ]);
  if (!season) throw new NotFoundError(teamFeeMessages.offerNotFound);
  const registration = new Map(tryouts.map((t) => [t.player_id, t]));
  const offerOf = new Map(offers.map((o) => [o.player_id, o]));
  const nameOf = (playerId: string) => {
    const t = registration.get(playerId);
    return {
      tryout_id: tryoutId.of(seasonId, playerId),
      tryout_number: t?.tryout_number ?? 0,
      first_name: t?.first_name ?? '',
      last_name: t?.last_name ?? '',
    };
  };
  const board: OffersBoardTeam[] = [];
  for (const team of teams) {
    if (ageGroup && team.age_group !== ageGroup) continue;
    const id = teamIds.of(seasonId, team.team_uuid);
    const mine = offers.filter((o) => o.team_id === id);
    const counts = Object.fromEntries(OFFER_STATES.map((s) => [s, 0])) as OfferCounts;
    for (const offer of mine) counts[offer.state] += 1;
    const alternates = placements
      .filter((p) => p.team_uuid === team.team_uuid && p.kind === 'alternate')
      .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))
      .map((p) => {
        const offer = offerOf.get(p.player_id);
        return {
          ...nameOf(p.player_id),
          rank: p.rank ?? 0,
          state: offer && offer.team_id === id ? offer.state : ('waiting' as const),
        };
      });
    const players = await Promise.all(
      [...mine]
        .sort((a, b) => (nameOf(a.player_id).tryout_number ?? 0) - (nameOf(b.player_id).tryout_number ?? 0))
        .map(async (offer) => ({
          ...nameOf(offer.player_id),
          fee: await adminFeeOf(
            offer,
            refunds.filter((r) => r.player_id === offer.player_id),
            instalments.filter((i) => i.player_id === offer.player_id),
          ),
        })),
    );
    board.push({
      id,
      name: team.name,
      age_group: team.age_group,
      capacity: team.capacity,
      fee_cents: team.fee_cents,
      cash_accepted: team.cash_accepted,
      counts,
      open_places: Math.max(0, team.capacity - counts.accepted - counts.offered),
      alternates,
      players,
      fees_collected_cents: mine.reduce((sum, o) => sum + paidCentsOf(o), 0),
      fees_owed_cents:
        mine
          .filter((o) => o.state === 'accepted' && feeStateOf(o) === 'to_pay')
          .reduce((sum, o) => sum + o.fee_cents, 0) + onPlanOwed(mine),
    });
  }
  return {
    season_id: seasonId,
    age_group: ageGroup ?? null,
    offers_published_at: season.offers_published_at ?? null,
    teams: board,
  };
}
