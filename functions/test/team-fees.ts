/**
 * Test data for the team fee (issue 45 §4): a registered player of the active season, a team of the season
 * (test/teams.ts) and the player's offer on it, accepted, written by the offers' own writers (db/offers
 * putPlacementOffer and acceptOffer), each answer checked so no test passes on a setup that failed.
 */
import { offerId, teamId } from '@club/shared';
import { acceptOffer, getOffer, putPlacementOffer, type OfferItem } from '../src/db/offers/offers';
import { getTeam, type TeamItem } from '../src/db/teams/teams';
import { aTryoutRegistration, registered } from './builders';
import { createPlayer, type TestPlayer } from './players';
import { aTeam } from './teams';

/** A team of the season written to the table (test/teams.ts aTeam), read back as the offers read it. */
export async function teamOf(seasonId: string, overrides: Partial<TeamItem> = {}): Promise<TeamItem> {
  const team = await aTeam(seasonId, overrides);
  const written = await getTeam(teamId.of(seasonId, team.team_uuid));
  if (!written) throw new Error('the team was not written');
  return written;
}

/** An offer of a place on `team` to `playerId`, out now with two days to answer. */
export async function offered(team: TeamItem, playerId: string, from: OfferItem['from'] = 'placement') {
  const now = Date.now();
  const offer: OfferItem = {
    id: offerId.of(team.season_id, playerId),
    season_id: team.season_id,
    player_id: playerId,
    team_id: teamId.of(team.season_id, team.team_uuid),
    state: 'offered',
    round: 1,
    from,
    offered_at: new Date(now).toISOString(),
    respond_by: new Date(now + 48 * 60 * 60 * 1000).toISOString(),
    fee_cents: team.fee_cents,
  };
  const put = await putPlacementOffer(team, offer);
  if (put !== 'offered') throw new Error(`the offer was not written: ${put}`);
  return offer;
}

/**
 * An adult player (born 2007: 18U Boys of a 2025 season) registered for cash: adults answer their own offers
 * (a player under 18's guardian answers theirs).
 */
export async function adultPlayer(first_name = 'Jayden'): Promise<TestPlayer> {
  const player = await createPlayer({ first_name, last_name: 'Okafor', date_of_birth: '2007-03-01' });
  const res = await registered(player.token, aTryoutRegistration({ age_group: '18U Boys' }));
  const tryout = res.body.tryout as { age_group?: string } | undefined;
  if (tryout?.age_group !== '18U Boys') throw new Error('the adult player was not registered for 18U Boys');
  return player;
}

/** `playerId`'s offer of a place on `team`, offered and accepted (waiver typed), read back. */
export async function acceptedOn(team: TeamItem, playerId: string): Promise<OfferItem> {
  const offer = await offered(team, playerId);
  const fresh = await getTeam(teamId.of(team.season_id, team.team_uuid));
  const accepted = await acceptOffer({
    offer,
    team: fresh!,
    waiver: { name: 'Sam Family', at: new Date().toISOString(), version: 1, by_account: playerId },
    now: new Date(),
  });
  if (typeof accepted === 'string') throw new Error(`the offer was not accepted: ${accepted}`);
  const read = await getOffer(team.season_id, playerId);
  if (read?.state !== 'accepted') throw new Error('the offer is not accepted');
  return read;
}

/** An adult player registered (cash) and accepted on a team: the family and the offer's id. */
export async function acceptedPlayer(
  team: TeamItem,
): Promise<{ family: TestPlayer; offerId: string; offer: OfferItem }> {
  const family = await adultPlayer();
  const offer = await acceptedOn(team, family.id);
  return { family, offerId: offer.id, offer };
}
