/**
 * "E-mail me when it opens" (issue 18): a signed-in family's one click puts its account on a list; when the
 * admin opens the active season's registration, every account on it is mailed once, through the result-mail
 * queue and its worker (same rate, same kind of claim), then taken off the list.
 */
import { randomUUID } from 'node:crypto';
import { serverMessages, type AccessTokenClaims, type OpeningNoticeStatus } from '@club/shared';
import * as noticesTable from '../../db/seasons/opening-notices';
import * as seasonsTable from '../../db/seasons/seasons';
import * as usersTable from '../../db/accounts/users';
import { ConflictError } from '../../lib/errors';
import { log } from '../../lib/log';
import { openingNoticeMail } from '../../mail/opening-notice-mail';
import { sendMailOnce } from '../../mail/ses-sender';
import { enqueueResultMails, type OpeningNoticeMessage } from '../../queue/result-mail-queue';
import { siblingFeeOf } from './seasons';

/** GET /tryouts/opening-notice: whether the caller is on the list (a mailed request no longer counts). */
export async function getOpeningNoticeStatus(caller: AccessTokenClaims): Promise<OpeningNoticeStatus> {
  const item = await noticesTable.getOpeningNotice(caller.sub);
  return { subscribed: item !== null && item.state !== 'mailed' };
}

/**
 * POST /tryouts/opening-notice: puts the caller on the list. Refused (409) while registration is open: the
 * way in is the tryout page, not a mail.
 */
export async function requestOpeningNotice(
  caller: AccessTokenClaims,
  now = new Date(),
): Promise<OpeningNoticeStatus> {
  const season = await seasonsTable.getActiveSeason();
  if (season?.is_registration_open) throw new ConflictError(serverMessages.openingNoticeWhileOpen);
  await noticesTable.requestOpeningNotice(caller.sub, now);
  log.info('opening notice requested');
  return { subscribed: true };
}

/** DELETE /tryouts/opening-notice: takes the caller off the list. */
export async function cancelOpeningNotice(caller: AccessTokenClaims): Promise<OpeningNoticeStatus> {
  await noticesTable.cancelOpeningNotice(caller.sub);
  return { subscribed: false };
}

/**
 * Puts the mail of every account still on the list on the queue, for the season that just opened. A message
 * lost on the way leaves its account waiting: the next opening puts it on the queue again. Never fails the
 * admin's switch: registration is open either way.
 */
export async function enqueueOpeningNotices(seasonId: string): Promise<number> {
  try {
    const waiting = await noticesTable.listWaitingOpeningNotices();
    const messages: OpeningNoticeMessage[] = waiting.map((userId) => ({
      kind: 'opening-notice',
      user_id: userId,
      season_id: seasonId,
    }));
    const queued = messages.length ? await enqueueResultMails(messages) : 0;
    log.info('opening notices queued', { seasonId, count: queued, waiting: messages.length });
    return queued;
  } catch (error) {
    log.error('opening notices not queued', {
      seasonId,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return 0;
  }
}

/** How long a claim holds: past the worker's longest invocation, as result mail's claims. */
const LEASE_MS = 5 * 60 * 1000;

/**
 * The worker's step for one opening notice: claims the account's item (nothing to do when it was mailed, is
 * being mailed, or the account left the list), sends once and records it. 'retry' hands the message back:
 * nothing went out (throttled or unreachable), the claim is given back first.
 */
export async function deliverOpeningNotice(
  message: OpeningNoticeMessage,
  seasons: Map<string, Promise<seasonsTable.SeasonItem | null>>,
): Promise<'done' | 'retry'> {
  const claim = randomUUID();
  const now = Date.now();
  const claimed = await noticesTable.claimOpeningNotice(message.user_id, {
    claim,
    leaseUntil: now + LEASE_MS,
    now,
  });
  if (!claimed) return 'done';
  if (!seasons.has(message.season_id))
    seasons.set(message.season_id, seasonsTable.getSeason(message.season_id));
  const [season, user] = await Promise.all([
    seasons.get(message.season_id),
    usersTable.getUser(message.user_id),
  ]);
  if (!season || !user) {
    // The account or the season is gone: nothing to mail, and nobody to mail later.
    await noticesTable.markOpeningNoticeMailed(message.user_id, claim, {
      seasonId: message.season_id,
      now: new Date(),
      outcome: 'nobody',
    });
    return 'done';
  }
  const delivery = await sendMailOnce(
    openingNoticeMail({
      to: user.email,
      firstName: user.first_name,
      seasonName: season.name,
      feeCents: season.tryout_fee_cents,
      siblingFeeCents: siblingFeeOf(season),
      sessions: season.sessions,
    }),
  );
  if (delivery.outcome === 'retry') {
    await noticesTable.releaseOpeningNotice(message.user_id, claim);
    return 'retry';
  }
  // Sent, refused (a bounced address), or unknown (it may have gone): never sent twice.
  if (delivery.outcome !== 'sent') log.error('opening notice not confirmed', { reason: delivery.reason });
  await noticesTable.markOpeningNoticeMailed(message.user_id, claim, {
    seasonId: season.id,
    now: new Date(),
    outcome: delivery.outcome,
  });
  return 'done';
}
