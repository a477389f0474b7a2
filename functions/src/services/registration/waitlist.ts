/**
 * Capacity and the waitlist (issue 45 §1, design-45 "W"): what a family on a full group's waitlist sees, a
 * freed spot held for the first family waiting (its mail queued once), a lapsed hold passed to the next by
 * the minute's sweep, and the admin's view of each group. The decisions themselves are the counter's
 * transactions (db/registration/waitlist.ts) and the numbering batch (db/registration/tryout-numbers.ts).
 */
import { sessionsOf, SPOT_HOLD_HOURS, type AgeGroup, type MyTryout, type WaitlistAnswer } from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import * as waitlistTable from '../../db/registration/waitlist';
import type { WaitlistPlace } from '../../db/registration/waitlist';
import * as familyNotices from '../../db/mail/family-notices';
import * as usersTable from '../../db/accounts/users';
import { log } from '../../lib/log';
import { NotFoundError } from '../../lib/errors';
import { spotLapsedMail, spotOfferMail } from '../../mail/waitlist-mails';
import { takeSendSlot } from '../../mail/send-pacing';
import { sendMailOnce } from '../../mail/ses-sender';
import { enqueueFamilyMail, type SpotMailMessage } from '../../queue/family-mail-queue';
import { serverMessages } from '@club/shared';

type Season = seasonsTable.SeasonItem;

/** Whether the season has (or had) a capacity: only then is there a waitlist to look at. */
export const hasCapacity = (season: Season): boolean => season.capacities !== undefined;

/** How long a freed spot is held, in hours. */
export const holdHoursOf = (season: Season): number => season.spot_hold_hours ?? SPOT_HOLD_HOURS.default;

/**
 * A waitlisted registration as the family's screens read it: no number, nothing to pay, its place among the
 * group's waiting families ("Waitlist: 3rd of 7", counted when read, so it stays current) and, once a spot is
 * held for it, until when.
 */
export function toWaitlistedTryout(
  entry: WaitlistPlace,
  season: Season,
  waitlist: readonly WaitlistPlace[],
  now: Date,
): MyTryout {
  const group = waitlist.filter((e) => e.age_group === entry.age_group);
  const at = group.findIndex((e) => e.player_id === entry.player_id);
  return {
    hasRegistered: true,
    season: season.name,
    tryout_number: null,
    result: '',
    payment_method: null,
    payment_status: null,
    teamsnap_link: null,
    age_group: entry.age_group,
    sessions: sessionsOf(season.sessions, entry.age_group),
    withdrawn: false,
    withdrawal_open: true,
    refund_policy: season.refund_policy ?? '',
    status: 'waitlisted',
    waitlist_position: at >= 0 ? at + 1 : group.length + 1,
    waitlist_size: Math.max(group.length, at + 1),
    ...(waitlistTable.holdsSpot(entry, now) ? { spot_held_until: entry.spot_offered_until! } : {}),
  };
}

/** The players' waitlisted registrations in the season, as their screens read them (none without a capacity). */
export async function waitlistedTryoutsOf(
  season: Season,
  playerIds: readonly string[],
  now: Date,
): Promise<Map<string, MyTryout>> {
  if (!hasCapacity(season) || !playerIds.length) return new Map();
  const entries = await waitlistTable.waitlistEntriesOf(season.id, playerIds);
  if (!entries.length) return new Map();
  const waitlist = await waitlistTable.waitlistPlacesOf(season.id);
  return new Map(entries.map((e) => [e.player_id, toWaitlistedTryout(e, season, waitlist, now)]));
}

/**
 * Holds the free spots of the groups (every group the counter counts, by default) for the first waitlisted
 * families, and queues each one's mail. Never fails its caller (a withdrawal, a capacity raised): what it
 * could not do, the minute's sweep does. Answers how many spots it held.
 */
export async function offerFreedSpots(
  season: Season,
  now: Date,
  groups?: readonly AgeGroup[],
): Promise<number> {
  if (!hasCapacity(season)) return 0;
  try {
    const counter = await waitlistTable.getCapacityCounter(season.id);
    const counted = (groups ?? (Object.keys(counter.taken) as AgeGroup[])).filter((g) =>
      waitlistTable.tracks(counter, g),
    );
    let held = 0;
    for (const group of counted) {
      const offered = await waitlistTable.offerFreeSpots(season.id, group, holdHoursOf(season), now);
      for (const entry of offered) await queueSpotMail(entry);
      held += offered.length;
    }
    if (held) log.info('waitlist spots held', { seasonId: season.id, count: held });
    return held;
  } catch (error) {
    log.error('freed spots not offered; the sweep offers them', {
      seasonId: season.id,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return 0;
  }
}

async function queueSpotMail(entry: WaitlistPlace): Promise<void> {
  const queued = await enqueueFamilyMail({
    kind: 'spot_offer',
    season_id: entry.season_id,
    player_id: entry.player_id,
    round: entry.spot_round ?? 1,
  });
  if (!queued) log.error('spot offer mail not queued; the sweep queues it', { seasonId: entry.season_id });
}

/**
 * The minute's sweep (the numbering sweep's schedule, locally and in AWS): holds that lapsed at `now` end and
 * their spots go to the next families; a spot free with families waiting (a withdrawal whose offer failed
 * midway) is held; a hold whose mail was never claimed is queued again (its claim sends it once). Answers how
 * many holds lapsed.
 */
export async function passLapsedSpots(now: Date): Promise<number> {
  const season = await seasonsTable.getActiveSeason();
  if (!season || !hasCapacity(season)) return 0;
  let lapsed = 0;
  for (const entry of await waitlistTable.waitlistPlacesOf(season.id)) {
    if (entry.spot_offered_until === undefined || entry.spot_offered_until > now.toISOString()) continue;
    if (!(await waitlistTable.endLapsedHold(season.id, entry, now))) continue;
    lapsed += 1;
    const queued = await enqueueFamilyMail({
      kind: 'spot_lapsed',
      season_id: season.id,
      player_id: entry.player_id,
      user_id: entry.user_id,
      age_group: entry.age_group,
      held_until: entry.spot_offered_until,
    });
    if (!queued) log.error('spot lapsed mail not queued', { seasonId: season.id });
  }
  await offerFreedSpots(season, now);
  for (const entry of await waitlistTable.waitlistPlacesOf(season.id)) {
    if (!waitlistTable.holdsSpot(entry, now)) continue;
    if ((entry.spot_mailed_round ?? 0) < (entry.spot_round ?? 1)) await queueSpotMail(entry);
  }
  if (lapsed) log.info('lapsed spot holds passed on', { seasonId: season.id, count: lapsed });
  return lapsed;
}

/** GET /admin/seasons/{id}/waitlist: each counted group's capacity, spots taken and its waitlist, in order. */
export async function getSeasonWaitlist(seasonId: string): Promise<WaitlistAnswer> {
  const season = await seasonsTable.getSeason(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  const [counter, waitlist] = await Promise.all([
    waitlistTable.getCapacityCounter(seasonId),
    waitlistTable.waitlistOf(seasonId),
  ]);
  const groups = season.age_groups.filter(
    (g) => season.capacities?.[g] !== undefined || waitlist.some((e) => e.age_group === g),
  );
  return {
    spot_hold_hours: holdHoursOf(season),
    groups: groups.map((group) => ({
      age_group: group,
      capacity: season.capacities?.[group] ?? null,
      taken: counter.taken[group] ?? 0,
      waitlist: waitlist
        .filter((e) => e.age_group === group)
        .map((e, i) => ({
          position: i + 1,
          name: `${e.tryout.first_name} ${e.tryout.last_name}`,
          since: e.waitlisted_at,
          spot_held_until: e.spot_offered_until ?? null,
        })),
    })),
  };
}

/**
 * The family-mail worker's step for a waitlist mail. A spot offer is claimed on its entry for its hold's
 * round (sent once; a hold taken or lapsed meanwhile sends nothing); a lapse once per account and hold (a
 * family notice). 'retry' hands it back with its claim given back.
 */
export async function deliverQueuedSpotMail(
  message: SpotMailMessage,
  deadline: number,
): Promise<'done' | 'retry'> {
  if (!(await takeSendSlot(deadline - 5_000))) return 'retry';
  const season = await seasonsTable.getSeason(message.season_id);
  if (!season) return 'done';
  if (message.kind === 'spot_offer') {
    const entry = await waitlistTable.claimSpotMail(message.season_id, message.player_id, message.round);
    if (!entry?.spot_offered_until) return 'done';
    const account = await usersTable.getUser(entry.user_id);
    const delivery = await sendMailOnce(
      spotOfferMail({
        to: entry.tryout.email,
        firstName: account?.first_name ?? 'there',
        athleteName: entry.player_id === entry.user_id ? null : entry.tryout.first_name,
        seasonName: season.name,
        ageGroup: entry.age_group,
        heldUntil: entry.spot_offered_until,
      }),
    );
    if (delivery.outcome === 'retry') {
      await waitlistTable.releaseSpotMail(message.season_id, message.player_id, message.round);
      return 'retry';
    }
    return 'done';
  }
  const account = await usersTable.getUser(message.user_id);
  if (!account) return 'done';
  const noticeId = `spot-lapsed.${message.season_id}.${message.player_id}.${message.held_until}`;
  const claim = crypto.randomUUID();
  const claimed = await familyNotices.claimFamilyNotice({
    noticeId,
    accountId: account.id,
    claim,
    leaseUntil: Date.now() + 5 * 60_000,
    now: new Date(),
  });
  if (!claimed) return 'done';
  const delivery = await sendMailOnce(
    spotLapsedMail({
      to: account.email,
      firstName: account.first_name,
      athleteName: null,
      seasonName: season.name,
      ageGroup: message.age_group,
    }),
  );
  if (delivery.outcome === 'retry') {
    await familyNotices.releaseFamilyNotice(noticeId, account.id, claim);
    return 'retry';
  }
  await familyNotices.markFamilyNoticeSent(noticeId, account.id, claim);
  return 'done';
}
