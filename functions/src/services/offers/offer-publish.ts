/**
 * The publish job (issue 45 §3): at the season's publish hour, every placed player gets an offer (deadline =
 * the hour + the season's time to respond) and its mail, every alternate a mail saying so, and every other
 * registration the spec's Not Selected result and its result mail, all through the queue. Run by the
 * admin's publish when the hour has come, else by the minute's sweep; safe to run again or twice at once:
 * each offer is a put only where the player has none, a result is set only where it differs, and each mail
 * is sent once per family and round (family notices, the result-mail round).
 */
import { offerId as offerIds, teamId as teamIds } from '@club/shared';
import * as offersTable from '../../db/offers/offers';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import { getSeasonWithTryouts } from '../../db/seasons/season-partition';
import { placementsOfSeason } from '../../db/teams/placements';
import { teamsOfSeason } from '../../db/teams/teams';
import { log } from '../../lib/log';
import type { OfferMailMessage } from '../../queue/result-mail-queue';
import { queueResultMails } from '../mail/result-mail';
import { queueOfferMails } from './offer-mail';

const HOUR_MS = 60 * 60 * 1000;

/** The one who sets results and starts mail rounds for the publish job, in the audit trail. */
const PUBLISH_JOB = 'system:offers-publish';

export interface PublishOutcome {
  offered: number;
  alternates: number;
  not_selected: number;
}

/** Runs the publish job for a season whose publish hour has come; records it as published once done. */
export async function runPublishJob(season: seasonsTable.SeasonItem, now: Date): Promise<PublishOutcome> {
  const settings = seasonsTable.offerSettingsOf(season);
  if (!settings.enabled || !settings.publish_at || settings.publish_at > now.toISOString()) {
    return { offered: 0, alternates: 0, not_selected: 0 };
  }
  const publishAt = new Date(settings.publish_at);
  const respondBy = new Date(publishAt.getTime() + settings.respond_within_hours * HOUR_MS).toISOString();
  const [teams, placements, { tryouts }, existing] = await Promise.all([
    teamsOfSeason(season.id),
    placementsOfSeason(season.id),
    getSeasonWithTryouts(season.id),
    offersTable.offersOfSeason(season.id),
  ]);
  const teamOf = new Map(teams.map((t) => [t.team_uuid, t]));
  const live = new Map(tryouts.filter((t) => !t.withdrawn).map((t) => [t.player_id, t]));
  const offers = new Map(existing.map((o) => [o.player_id, o]));
  const messages: OfferMailMessage[] = [];
  let offered = 0;
  let alternates = 0;
  for (const placement of placements) {
    const team = teamOf.get(placement.team_uuid);
    if (!team || !live.has(placement.player_id)) continue;
    if (placement.kind === 'alternate') {
      alternates += 1;
      messages.push({ kind: 'alternate', season_id: season.id, player_id: placement.player_id });
      continue;
    }
    const had = offers.get(placement.player_id);
    if (!had) {
      const put = await offersTable.putPlacementOffer(team, {
        id: offerIds.of(season.id, placement.player_id),
        season_id: season.id,
        player_id: placement.player_id,
        team_id: teamIds.of(season.id, team.team_uuid),
        state: 'offered',
        round: 1,
        from: 'placement',
        offered_at: publishAt.toISOString(),
        respond_by: respondBy,
        fee_cents: team.fee_cents,
      });
      if (put === 'gone') continue;
      if (put === 'offered') offered += 1;
    }
    const round = had?.round ?? 1;
    if (!had || had.state === 'offered') {
      messages.push({ kind: 'offer', season_id: season.id, player_id: placement.player_id, round });
    }
  }
  // Everyone else who tried out hears the spec's Not Selected, by the result mail it has always had.
  const placed = new Set(placements.filter((p) => teamOf.has(p.team_uuid)).map((p) => p.player_id));
  const by = { actorId: PUBLISH_JOB, now };
  // Placed players were selected: their registration says so (and is no longer withdrawn as a tryout's).
  const selected = placements.filter((p) => p.kind !== 'alternate' && teamOf.has(p.team_uuid));
  for (const { player_id } of selected) {
    const tryout = live.get(player_id);
    if (tryout && tryout.result !== 'selected') {
      await tryoutsTable.setResult(season.id, player_id, 'selected', by);
    }
  }
  const notSelected = [...live.values()].filter((t) => !placed.has(t.player_id));
  for (const tryout of notSelected) {
    if (tryout.result !== 'not_selected') {
      await tryoutsTable.setResult(season.id, tryout.player_id, 'not_selected', by);
    }
  }
  await queueOfferMails(messages);
  if (notSelected.length) {
    await queueResultMails(season.id, by, {
      sessionsAhead: 'send',
      only: new Set(notSelected.map((t) => t.player_id)),
    });
  }
  await seasonsTable.markOffersPublished(season.id, now);
  log.info('offers published', {
    seasonId: season.id,
    offered,
    alternates,
    notSelected: notSelected.length,
  });
  return { offered, alternates, not_selected: notSelected.length };
}
