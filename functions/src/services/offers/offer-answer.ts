/**
 * An offer as a family's screens read it (issue 45): `offer` on GET /tryouts/my and GET /household/tryouts,
 * and the answer of accepting or declining. The team link shows only once the offer is accepted.
 */
import type { OfferAnswer } from '@club/shared';
import { instalmentsOfPlayer, type InstalmentItem } from '../../db/money/instalments';
import { getOffer, type OfferItem } from '../../db/offers/offers';
import type { RegistrationItem } from '../../db/registration/registration-item';
import type * as seasonsTable from '../../db/seasons/seasons';
import { getTeam, type TeamItem } from '../../db/teams/teams';
import { instalmentViews } from '../money/instalment-plan';

/**
 * The answer's shape of an offer, with its team and season, and for a fee in instalments (issue 46) its
 * instalments (from the offer's later ones, `instalments`, when read).
 */
export function toOfferAnswer(
  offer: OfferItem,
  team: Pick<
    TeamItem,
    'name' | 'coach_name' | 'team_link' | 'age_group' | 'cash_accepted' | 'instalment_due_dates'
  > | null,
  season: seasonsTable.SeasonItem,
  instalments: InstalmentItem[] = [],
): OfferAnswer {
  const accepted = offer.state === 'accepted';
  const plan = instalmentViews(offer, instalments, team);
  const link = team ? (team.team_link ?? season.teamsnap_links[team.age_group] ?? null) : null;
  return {
    id: offer.id,
    team: team?.name ?? '',
    state: offer.state,
    respond_by: offer.respond_by,
    fee_cents: offer.fee_cents,
    coach_name: team?.coach_name ?? null,
    team_link: accepted ? link : null,
    waiver_text: season.waiver_text ?? '',
    waiver_version: season.waiver_text ? (season.waiver_version ?? 1) : 0,
    ...(offer.fee_state ? { fee_state: offer.fee_state } : {}),
    ...(team ? { cash_accepted: team.cash_accepted } : {}),
    ...(plan ? { instalments: plan } : {}),
  };
}

/**
 * The `offer` field of a registration's answer: the player's offer in a season whose offers are on (two
 * GetItems); nothing for a season whose offers are off, so the spec's answer is unchanged.
 */
export async function offerFieldOf(
  season: seasonsTable.SeasonItem,
  tryout: Pick<RegistrationItem, 'player_id'>,
): Promise<{ offer?: OfferAnswer }> {
  if (!season.offers_enabled) return {};
  const offer = await getOffer(season.id, tryout.player_id);
  if (!offer) return {};
  const [team, instalments] = await Promise.all([
    getTeam(offer.team_id),
    offer.fee_plan ? instalmentsOfPlayer(offer.season_id, offer.player_id) : [],
  ]);
  return { offer: toOfferAnswer(offer, team, season, instalments) };
}
