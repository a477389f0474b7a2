/**
 * Keeping personal data no longer than needed (issue 19, Alberta PIPA). Run once a day (EventBridge in AWS,
 * the local stack at start and daily) with the time it runs at, so tests drive it with any clock:
 *
 * 1. Seasons: once a season's last session is older than the retention period (the stage's RETENTION_MONTHS,
 *    24 by default), every registration of it keeps only the club's record, without identity (the same
 *    record a member's own deletion leaves: db/privacy/member-deletion.ts), a family checkout's payer address goes,
 *    and the season's audit entries go. The active season is never touched: it is the one families use.
 * 2. Accounts: one unused for the period (no sign-in, and no registration by it or its household's other
 *    guardians) is mailed a notice once; 30 days later, if it still has not signed in (a sign-in removes the
 *    notice), it is deleted as a member's own deletion deletes it. Administrators' accounts are left alone.
 *
 * Every step is idempotent: a run that stops half-way is finished by the next.
 */
import * as householdsTable from '../../db/households/households';
import { auditKeysOfSeason } from '../../db/platform/audit';
import * as deletion from '../../db/privacy/member-deletion';
import * as retention from '../../db/privacy/retention';
import * as seasonPartition from '../../db/seasons/season-partition';
import * as seasonsTable from '../../db/seasons/seasons';
import { getUser } from '../../db/accounts/users';
import { getConfig } from '../../lib/config';
import { log } from '../../lib/log';
import { retentionNoticeMail } from '../../mail/account-mails';
import { sendMail } from '../../mail/ses-sender';
import { eraseAccount, resumeDeletions } from './account-deletion';
import { clearTryoutNightOf } from './tryout-night-data';

/** Days between an unused account's notice and its deletion. */
export const NOTICE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionReport {
  seasonsCleared: number;
  registrationsCleared: number;
  noticesSent: number;
  accountsDeleted: number;
  /** Idle by sign-in, but their household registered within the period: kept, and moved forward. */
  accountsKeptByRegistration: number;
  /** Deletions a crash stopped half-way, finished by this run (issue 34). */
  deletionsFinished: number;
}

/** A deletion still unfinished this long after it started was stopped by a crash: one takes seconds. */
export const RESUME_AFTER_MS = 15 * 60 * 1000;

/** `now` less whole calendar months (UTC), as an ISO time. */
export function monthsBefore(now: Date, months: number): string {
  const at = new Date(now.getTime());
  at.setUTCMonth(at.getUTCMonth() - months);
  return at.toISOString();
}

/** When a season ended: its last session's end, or its creation when it has none. */
export function seasonEnd(season: seasonsTable.SeasonItem): string {
  const ends = season.sessions.map((s) => new Date(s.ends_at).toISOString());
  return ends.length ? ends.sort().at(-1)! : season.createdAt;
}

export async function runRetention(
  now: Date,
  months: number = getConfig().RETENTION_MONTHS,
): Promise<RetentionReport> {
  const cutoff = monthsBefore(now, months);
  const report: RetentionReport = {
    seasonsCleared: 0,
    registrationsCleared: 0,
    noticesSent: 0,
    accountsDeleted: 0,
    accountsKeptByRegistration: 0,
    deletionsFinished: 0,
  };
  // A deletion still marked after this long was stopped by a crash (one takes seconds): finish it.
  report.deletionsFinished = await resumeDeletions(new Date(now.getTime() - RESUME_AFTER_MS), now);
  await clearOldSeasons(cutoff, now, report);
  await handleIdleAccounts(cutoff, now, report);
  log.info('retention run', { months, ...report });
  return report;
}

async function clearOldSeasons(cutoff: string, now: Date, report: RetentionReport): Promise<void> {
  const [seasons, activeId] = await Promise.all([
    seasonsTable.listSeasons(),
    seasonsTable.getActiveSeasonId(),
  ]);
  for (const season of seasons) {
    if (season.id === activeId || season.personal_data_removed_at || seasonEnd(season) > cutoff) continue;
    const [{ tryouts }, checkouts, auditKeys] = await Promise.all([
      seasonPartition.getSeasonWithTryouts(season.id),
      retention.checkoutGroupsOfSeason(season.id),
      auditKeysOfSeason(season.id),
    ]);
    for (const tryout of tryouts) {
      await deletion.anonymizeRegistration(season.id, tryout.player_id, now);
      // A refund's typed reason can name the child: it goes with the name (its amount and ids stay).
      await deletion.anonymizeRefundReasons(season.id, tryout.player_id);
      await deletion.anonymizeOffer(season.id, tryout.player_id);
      await deletion.anonymizeInstalments(season.id, tryout.player_id);
    }
    for (const group of checkouts) {
      await deletion.anonymizeCheckoutGroup(season.id, String(group.group_id));
    }
    await deletion.deleteKeys([
      ...auditKeys,
      ...(await retention.waitingRegistrationKeysOfSeason(season.id)),
      ...(await retention.waitlistKeysOfSeason(season.id)),
    ]);
    // Tryout night's scores (notes about children) and helpers (their addresses and names), issue 37.
    await clearTryoutNightOf(season);
    await retention.markSeasonPersonalDataRemoved(season.id, now);
    report.seasonsCleared += 1;
    report.registrationsCleared += tryouts.length;
  }
}

async function handleIdleAccounts(cutoff: string, now: Date, report: RetentionReport): Promise<void> {
  for (const account of await retention.listAccountsIdleSince(cutoff)) {
    const userId = String(account.id);
    if (account.is_admin === true) continue;
    const seenActiveAt = String(account.GSI1SK);
    // A household in use keeps its guardians: a registration by any of them counts for all.
    const guardianIds =
      typeof account.household_id === 'string'
        ? (await householdsTable.getHouseholdItems(account.household_id)).guardianIds
        : [];
    const latest = (
      await Promise.all([...new Set([userId, ...guardianIds])].map(retention.latestRegistrationBy))
    )
      .filter((at): at is string => at !== null)
      .sort()
      .at(-1);
    if (latest && latest >= cutoff) {
      await retention.markAccountActive(userId, latest);
      report.accountsKeptByRegistration += 1;
      continue;
    }
    const noticeAt = typeof account.retention_notice_at === 'string' ? account.retention_notice_at : null;
    if (!noticeAt) {
      if (await sendNotice(account, seenActiveAt, now)) report.noticesSent += 1;
      continue;
    }
    if (new Date(noticeAt).getTime() + NOTICE_DAYS * DAY_MS > now.getTime()) continue;
    // Read again, strongly: a sign-in since the index was read removed the notice.
    const user = await getUser(userId);
    if (!user?.retention_notice_at) continue;
    await eraseAccount(user, now, 'retention');
    report.accountsDeleted += 1;
  }
}

/** The deletion date as the notice says it: "December 25, 2026" in Edmonton. */
function deletionDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'America/Edmonton' }).format(
    new Date(now.getTime() + NOTICE_DAYS * DAY_MS),
  );
}

/** Claims the notice, then mails it; a mail that could not go gives the claim back for the next run. */
async function sendNotice(
  account: Record<string, unknown>,
  seenActiveAt: string,
  now: Date,
): Promise<boolean> {
  const userId = String(account.id);
  if (!(await retention.claimRetentionNotice(userId, seenActiveAt, now))) return false;
  try {
    await sendMail(retentionNoticeMail(String(account.email), String(account.first_name), deletionDay(now)));
    return true;
  } catch (error) {
    await retention.releaseRetentionNotice(userId, now);
    log.warn('retention notice not sent; tried again next run', {
      error: error instanceof Error ? error.name : 'unknown',
    });
    return false;
  }
}
