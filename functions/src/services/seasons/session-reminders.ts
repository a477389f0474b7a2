/**
 * The day-before reminder (issue 37). A scheduled job (hourly in AWS and on the local stack) finds the active
 * season's tryout sessions that are tomorrow in Edmonton and queues one message per family account registered
 * in their groups, once per session (a marker claimed before queueing, given back if the queue fails). The
 * queue's worker sends each family's reminder once per session (a family notice claimed with a lease), with
 * the registrations as they are then: a child withdrawn since, or whose result is already decided, is left
 * out, and a family with no one left gets none (issue 42: no "see you tomorrow" after a result).
 */
import { randomUUID } from 'node:crypto';
import { amountsOf, todayInClubZone } from '@club/shared';
import * as familyNotices from '../../db/mail/family-notices';
import { getSeasonWithTryouts } from '../../db/seasons/season-partition';
import * as seasonsTable from '../../db/seasons/seasons';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { log } from '../../lib/log';
import { sessionReminderMail } from '../../mail/session-reminder-mail';
import { enqueueResultMails, type SessionReminderMessage } from '../../queue/result-mail-queue';
import { checkinQrUrl } from '../tryout-night/checkin-codes';
import { familyInSession, firstNameFor, mailFamilyNoticeOnce, seasonOnce } from '../mail/family-notice-mail';

/** How long a claim holds: past the worker's (and the job's) longest invocation. */
const LEASE_MS = 5 * 60 * 1000;
/** The marker of a session's reminders queued is "sent" by this account id (it names no one). */
const SEASON_ACCOUNT = 'season';

/** A registration still expected at its sessions: not withdrawn, and no result decided for it yet. */
const stillTryingOut = (t: RegistrationItem): boolean => !t.withdrawn && t.result === '';

/** Tomorrow's date in Edmonton. */
function tomorrow(now: Date): string {
  const [y, m, d] = todayInClubZone(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The scheduled job: queues tomorrow's reminders, each session's once. Answers how many were queued. */
export async function queueSessionReminders(now: Date): Promise<number> {
  const season = await seasonsTable.getActiveSeason();
  if (!season) return 0;
  const day = tomorrow(now);
  const sessions = season.sessions.filter(
    (s) => s.kind === 'tryout' && s.id && s.starts_at.slice(0, 10) === day,
  );
  if (!sessions.length) return 0;
  const { tryouts } = await getSeasonWithTryouts(season.id);
  let queued = 0;
  for (const session of sessions) {
    const noticeId = `reminders-queued.${season.id}.${session.id}.${session.sequence ?? 0}`;
    const claim = randomUUID();
    const mine = await familyNotices.claimFamilyNotice({
      noticeId,
      accountId: SEASON_ACCOUNT,
      claim,
      leaseUntil: now.getTime() + LEASE_MS,
      now,
    });
    if (!mine) continue;
    const accounts = new Set(
      tryouts
        .filter((t) => stillTryingOut(t) && session.age_groups.includes(t.age_group))
        .map((t) => t.user_id),
    );
    const messages: SessionReminderMessage[] = [...accounts].map((user_id) => ({
      kind: 'session-reminder',
      season_id: season.id,
      session_id: session.id!,
      user_id,
    }));
    try {
      queued += messages.length ? await enqueueResultMails(messages) : 0;
      await familyNotices.markFamilyNoticeSent(noticeId, SEASON_ACCOUNT, claim);
    } catch (error) {
      await familyNotices.releaseFamilyNotice(noticeId, SEASON_ACCOUNT, claim);
      log.error('session reminders not queued', {
        seasonId: season.id,
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  }
  log.info('session reminders queued', { seasonId: season.id, count: queued });
  return queued;
}

/**
 * The worker's step for one reminder: the family's registrations in the session's groups as they are now,
 * sent once per session and change of it (services/mail/family-notice-mail.ts); 'retry' hands the message back
 * with the claim given back.
 */
export async function deliverSessionReminder(
  message: SessionReminderMessage,
  seasons: Map<string, Promise<seasonsTable.SeasonItem | null>>,
): Promise<'done' | 'retry'> {
  const season = await seasonOnce(seasons, message.season_id);
  const session = season?.sessions.find((s) => s.id === message.session_id);
  if (!season || !session || session.kind !== 'tryout') return 'done';
  // A session moved since the message was queued: its new day gets its own reminder.
  const now = new Date();
  const day = session.starts_at.slice(0, 10);
  if (day !== tomorrow(now) && day !== todayInClubZone(now)) return 'done';
  const family = await familyInSession(message.user_id, message.season_id, session);
  const expected = family?.affected.filter(stillTryingOut) ?? [];
  if (!family || !expected.length) return 'done';
  const sent = await mailFamilyNoticeOnce({
    noticeId: `session-reminder.${message.season_id}.${message.session_id}.${session.sequence ?? 0}`,
    accountId: message.user_id,
    now,
    write: async () =>
      sessionReminderMail({
        to: family.user.email,
        firstName: family.user.first_name,
        seasonName: season.name,
        session,
        athletes: await Promise.all(
          expected.map(async (t) => ({
            firstName: firstNameFor(t),
            ageGroup: t.age_group,
            tryoutNumber: t.tryout_number,
            cashDueCents: t.payment_method === 'cash' ? amountsOf(t).amount_due_cents : 0,
            checkinQrUrl: await checkinQrUrl(t.id),
          })),
        ),
      }),
  });
  if (sent.outcome) log.info('session reminder sent', { seasonId: message.season_id, outcome: sent.outcome });
  return sent.result;
}
