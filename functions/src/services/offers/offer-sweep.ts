/**
 * The offers' minute (issue 45 §3), run every minute by the scheduled jobs (EventBridge in AWS, the local
 * stack's timer): the publish job once the active season's publish hour has come, each offer whose deadline
 * has passed expired (its place to the next alternate), any open place offered again (a run that stopped
 * half-way), and once a day the admins' summary of what changed. A season no longer active whose offers are
 * out still has its offers expired and its places offered. `now` is injected, so a test sets the clock.
 */
import { todayInClubZone } from '@club/shared';
import * as offersTable from '../../db/offers/offers';
import * as seasonsTable from '../../db/seasons/seasons';
import { getSeasonWithTryouts } from '../../db/seasons/season-partition';
import { teamsOfSeason } from '../../db/teams/teams';
import { administrators } from '../../db/accounts/users';
import { teamId as teamIds } from '@club/shared';
import { log } from '../../lib/log';
import { offerSummaryMail, type OfferChange } from '../../mail/offer-mails';
import { mailFamilyNoticeOnce } from '../mail/family-notice-mail';
import { expireOffer, fillOpenPlaces } from './offers';
import { runPublishJob } from './offer-publish';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The summary goes with the first sweep from this hour of the Edmonton day. */
const SUMMARY_HOUR = 8;

export interface OfferSweepOutcome {
  published: boolean;
  expired: number;
  offered: number;
  summary: boolean;
  /** Seasons no longer active whose offers are out: their offers expired and places offered again. */
  earlier: { expired: number; offered: number };
}

export async function runOfferSweep(now: Date = new Date()): Promise<OfferSweepOutcome> {
  const outcome: OfferSweepOutcome = {
    published: false,
    expired: 0,
    offered: 0,
    summary: false,
    earlier: { expired: 0, offered: 0 },
  };
  const activeId = await seasonsTable.getActiveSeasonId();
  await sweepActive(activeId, now, outcome);
  // A season made inactive (a new one created) with offers still out: its deadlines and places still run.
  // The seasons index is one small Query (a club has few seasons), never a Scan.
  for (const earlier of await seasonsTable.listSeasons()) {
    if (earlier.id === activeId || !earlier.offers_enabled || !earlier.offers_published_at) continue;
    const done = await expireAndFill(earlier, now);
    outcome.earlier.expired += done.expired;
    outcome.earlier.offered += done.offered;
    if (done.expired || done.offered) log.info('offer sweep', { seasonId: earlier.id, ...done });
  }
  return outcome;
}

/** The active season's minute: publish when due, then expiries, places and the day's summary. */
async function sweepActive(activeId: string | null, now: Date, outcome: OfferSweepOutcome): Promise<void> {
  let season = activeId ? await seasonsTable.getSeason(activeId) : null;
  if (!season?.offers_enabled || !season.offers_publish_at) return;
  if (!season.offers_published_at && season.offers_publish_at <= now.toISOString()) {
    await runPublishJob(season, now);
    outcome.published = true;
    season = (await seasonsTable.getSeason(season.id)) ?? season;
  }
  if (!season.offers_published_at && !outcome.published) return;
  const done = await expireAndFill(season, now);
  outcome.expired = done.expired;
  outcome.offered = done.offered;
  outcome.summary = await mailDailySummary(season, now);
  if (outcome.expired || outcome.offered) log.info('offer sweep', { seasonId: season.id, ...done });
}

/** Expires a season's offers past their deadline and offers its teams' open places to their next alternates. */
async function expireAndFill(
  season: seasonsTable.SeasonItem,
  now: Date,
): Promise<{ expired: number; offered: number }> {
  const done = { expired: 0, offered: 0 };
  const offers = await offersTable.offersOfSeason(season.id);
  for (const offer of offers) {
    if (offer.state === 'offered' && offer.respond_by <= now.toISOString()) {
      if (await expireOffer(season, offer, now)) done.expired += 1;
    }
  }
  for (const team of await teamsOfSeason(season.id)) {
    if ((team.open_places ?? 0) > 0) {
      done.offered += await fillOpenPlaces(season, teamIds.of(season.id, team.team_uuid), now);
    }
  }
  return done;
}

/** The hour of the Edmonton clock at an instant. */
function clubHour(now: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Edmonton',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(now),
  );
}

/**
 * The admins' summary of the day before (accepted, declined, expired, rescinded, newly offered), once per
 * Edmonton day: claimed per day and administrator (a family notice), so two sweeps at once send it once.
 * Nothing changed: nothing is sent (a change later that day is in that day's summary).
 */
async function mailDailySummary(season: seasonsTable.SeasonItem, now: Date): Promise<boolean> {
  if (clubHour(now) < SUMMARY_HOUR) return false;
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const offers = await offersTable.offersOfSeason(season.id);
  const changed = offers.flatMap((o) => {
    const at = o.state === 'offered' ? o.offered_at : o.answered_at;
    return at && at > since && at <= now.toISOString() ? [{ offer: o, at }] : [];
  });
  if (!changed.length) return false;
  const [{ tryouts }, teams, admins] = await Promise.all([
    getSeasonWithTryouts(season.id),
    teamsOfSeason(season.id),
    administrators(),
  ]);
  const numberOf = new Map(tryouts.map((t) => [t.player_id, t.tryout_number]));
  const teamName = new Map(teams.map((t) => [teamIds.of(season.id, t.team_uuid), t.name]));
  const changes: OfferChange[] = changed
    .map(({ offer, at }) => ({
      tryoutNumber: numberOf.get(offer.player_id) ?? 0,
      teamName: teamName.get(offer.team_id) ?? '',
      state: offer.state,
      at,
    }))
    .sort((a, b) => a.at.localeCompare(b.at));
  const counts: Record<string, number> = {};
  for (const c of changes) counts[c.state] = (counts[c.state] ?? 0) + 1;
  const day = todayInClubZone(now);
  let sent = false;
  for (const admin of admins) {
    const out = await mailFamilyNoticeOnce({
      noticeId: `offer-summary.${season.id}.${day}`,
      accountId: admin.id,
      now,
      write: async () => offerSummaryMail({ to: admin.email, seasonName: season.name, day, changes, counts }),
    });
    if (out.outcome) sent = true;
  }
  return sent;
}
