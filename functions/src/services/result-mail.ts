/**
 * Result mail in bulk (spec §7 send-results) and one at a time (resend-result). An admin's send records on
 * each row that its mail is queued and answers at once; the queue feeds the worker, which claims each row,
 * sends at the configured rate and records the outcome. Each step is a conditional write on the row
 * (db/result-mail.ts), so double clicks, two admins, redeliveries and restarts mail each result once, and a
 * row whose queue message was lost is put back on the queue. README "Decisions" tells the whole story.
 */
import { randomUUID } from 'node:crypto';
import { serverMessages, type AdminTryoutRow, type SendResultsAnswer } from '@club/shared';
import * as resultMailTable from '../db/result-mail';
import * as seasonsTable from '../db/seasons';
import { tryoutId } from '../db/keys';
import * as tryoutsTable from '../db/tryouts';
import { getConfig } from '../lib/config';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../lib/errors';
import { log } from '../lib/log';
import { resultMail } from '../mail/result-mails';
import { ONCE_SEND_TIMEOUT_MS, sendMailOnce } from '../mail/ses-sender';
import { enqueueResultMails, type ResultMailMessage } from '../queue/result-mail-queue';
import { resultMailQueue } from '../queue/result-mail-settings';
import { mailStatusOf, toAdminRow } from './admin-tryouts';

type TryoutItem = tryoutsTable.TryoutItem;

/**
 * A sender's claim on a row lasts this long: twice the worker's timeout, so a lease can only run out after
 * the invocation that took it has ended. A live sender never loses its claim.
 */
export const CLAIM_LEASE_MS = 2 * resultMailQueue.workerTimeoutSeconds * 1000;
/**
 * The time a sender must have left to claim a row: the SES call's timeout plus room to record the outcome
 * (with retries). With less, it leaves the message for a later delivery instead of starting a send that its
 * own timeout could cut between SES accepting the mail and the row saying so.
 */
export const CLAIM_BUDGET_MS = ONCE_SEND_TIMEOUT_MS + 10_000;
/** Conditional writes a requeue runs at once. */
const WRITE_CONCURRENCY = 32;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

// ── the admin's send and its progress ─────────────────────────────────────────────────────────────────

/** The rows of the round, counted as the spec's answer (details.total/sent/failed, failedEmails) plus queued. */
function progressOf(round: string | undefined, rows: Iterable<TryoutItem>, now: number): SendResultsAnswer {
  const answer: SendResultsAnswer = {
    details: { total: 0, sent: 0, failed: 0, queued: 0 },
    failedEmails: [],
  };
  if (!round) return answer;
  for (const row of rows) {
    if (row.mail_round !== round) continue;
    const status = mailStatusOf(row, now);
    if (status === 'not_sent') continue;
    answer.details.total += 1;
    answer.details[status] += 1;
    if (status === 'failed') {
      answer.failedEmails.push({ name: `${row.first_name} ${row.last_name}`, email: row.email });
    }
  }
  return answer;
}

/** True when some row of the round is still on its way (queued, or held by a live sender). */
function roundInFlight(round: string | undefined, rows: readonly TryoutItem[], now: number): boolean {
  return !!round && rows.some((r) => r.mail_round === round && mailStatusOf(r, now) === 'queued');
}

/** A round id that sorts by time. */
function newRoundId(now: number): string {
  return `${new Date(now).toISOString()}#${randomUUID().slice(0, 8)}`;
}

/** Collects queue messages and sends them ten at a time as they come, so the worker starts at once. */
function messageSender() {
  const buffer: ResultMailMessage[] = [];
  const sends: Array<Promise<number>> = [];
  return {
    add(message: ResultMailMessage) {
      buffer.push(message);
      if (buffer.length >= resultMailQueue.sendBatchSize) sends.push(enqueueResultMails(buffer.splice(0)));
    },
    async flush(): Promise<number> {
      if (buffer.length) sends.push(enqueueResultMails(buffer.splice(0)));
      return (await Promise.all(sends)).reduce((a, b) => a + b, 0);
    },
  };
}

/**
 * Puts rows queued at or before `queuedBy` (epoch ms; by default longer than resultMailQueue.requeueAfterMs
 * ago, when their message must have been lost) back on the queue: each renewed by a conditional write
 * first, so of concurrent requeuers one sends it. Returns how many.
 */
async function requeueStale(
  rows: readonly TryoutItem[],
  now: number,
  queuedBy = now - resultMailQueue.requeueAfterMs,
): Promise<number> {
  const stale = rows.filter((r) => r.mail_state === 'queued' && (r.mail_queued_at ?? 0) <= queuedBy);
  if (!stale.length) return 0;
  const sender = messageSender();
  await eachLimited(stale, WRITE_CONCURRENCY, async (row) => {
    const renewed = await resultMailTable.renewQueuedResultMail({
      seasonId: row.season_id,
      userId: row.user_id,
      seenQueuedAt: row.mail_queued_at ?? 0,
      now,
    });
    if (renewed) sender.add({ tryout_id: row.id, version: row.mail_version ?? 0 });
  });
  const sent = await sender.flush();
  log.warn('result mails requeued after their message was lost', { count: sent });
  return sent;
}

/**
 * POST /admin/tryouts/{seasonId}/send-results: queues the mail of every registrant with a decided result
 * whose mail has not gone out (never sent, failed, or its result changed since), and answers at once with
 * the round's progress. A send while a round is still going joins it; a send with nothing to mail and no
 * round going answers zeros and writes nothing.
 */
export async function sendResults(seasonId: string): Promise<SendResultsAnswer> {
  const now = Date.now();
  const { season, tryouts } = await tryoutsTable.getSeasonWithTryouts(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);

  const due = tryouts.filter((t) => {
    const status = mailStatusOf(t, now);
    return t.result !== '' && (status === 'not_sent' || status === 'failed');
  });
  let round = season.result_mail_round;
  if (!roundInFlight(round, tryouts, now)) {
    if (!due.length) return progressOf(undefined, [], now);
    const next = newRoundId(now);
    const started = await seasonsTable.startResultMailRound(seasonId, round ?? null, next);
    // Another send started a round a moment ago: join it.
    round = started ? next : ((await seasonsTable.getSeason(seasonId))?.result_mail_round ?? next);
  }

  const rows = new Map(tryouts.map((t) => [t.user_id, t]));
  const sender = messageSender();
  const queued = await resultMailTable.queueResultMails(
    seasonId,
    due.map((t) => ({ userId: t.user_id, version: t.result_version ?? 0 })),
    round!,
    now,
    (userIds) => {
      for (const userId of userIds) {
        const t = rows.get(userId)!;
        const version = t.result_version ?? 0;
        rows.set(userId, {
          ...t,
          mail_state: 'queued',
          mail_version: version,
          mail_round: round,
          mail_queued_at: now,
        });
        sender.add({ tryout_id: t.id, version });
      }
    },
  );
  // Rows a concurrent send queued first, or that changed meanwhile: answer with what they are now.
  const taken = due.filter((t) => !queued.has(t.user_id)).map((t) => t.user_id);
  for (const current of await tryoutsTable.getTryouts(seasonId, taken)) rows.set(current.user_id, current);
  const enqueued = await sender.flush();
  await requeueStale(tryouts, now);
  log.info('result mails queued', { seasonId, queued: enqueued, due: due.length });
  return progressOf(round, rows.values(), Date.now());
}

/**
 * GET /admin/tryouts/{seasonId}/send-results: the current round's progress, which the admin page polls
 * until nothing is queued. Rows whose queue message was lost are put back on the queue on the way.
 */
export async function getSendProgress(seasonId: string): Promise<SendResultsAnswer> {
  const now = Date.now();
  const { season, tryouts } = await tryoutsTable.getSeasonWithTryouts(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  await requeueStale(tryouts, now);
  return progressOf(season.result_mail_round, tryouts, now);
}

/**
 * Puts every row of every season that is queued back on the queue, whatever its age: for a queue that has
 * just started empty (the local stack's emulator keeps messages in memory only). Duplicates are harmless.
 */
export async function requeueAllQueued(): Promise<number> {
  const now = Date.now();
  let count = 0;
  for (const season of await seasonsTable.listSeasons()) {
    const { tryouts } = await tryoutsTable.getSeasonWithTryouts(season.id);
    count += await requeueStale(tryouts, now, now);
  }
  return count;
}

// ── sending one row's mail ─────────────────────────────────────────────────────────────────────────────

/** Records an outcome on the claimed row, retrying a failing write while the sender has time. */
async function record(write: () => Promise<boolean>, deadline: number): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() + 200 * (attempt + 1) > deadline) throw error;
      await sleep(100 * (attempt + 1));
    }
  }
}

type Sent = 'sent' | 'failed' | 'retry';

/**
 * Sends a claimed row's mail once and records what became of it. Accepted: sent. Refused by SES, or an
 * answer that never came (it may or may not have gone out): failed, listed for the admin, never resent by
 * itself. Throttled or unreachable (nothing went out): back to queued for a later delivery of its message
 * (`deferTo` 'queue'), or failed when there is no message to deliver it ('failed').
 */
async function sendClaimed(
  row: TryoutItem,
  claim: string,
  season: seasonsTable.SeasonItem,
  deadline: number,
  deferTo: 'queue' | 'failed',
): Promise<Sent> {
  const ref = { seasonId: row.season_id, userId: row.user_id, claim };
  const version = row.mail_version ?? 0;
  const delivery = await sendMailOnce(
    resultMail({
      to: row.email,
      firstName: row.first_name,
      seasonName: season.name,
      ageGroup: row.age_group,
      result: row.result as 'selected' | 'not_selected',
      teamLink: season.teamsnap_links[row.age_group] ?? null,
    }),
  );
  switch (delivery.outcome) {
    case 'sent':
      await record(() => resultMailTable.markResultMailSent({ ...ref, version, now: new Date() }), deadline);
      return 'sent';
    case 'retry':
      log.warn('result mail deferred', { tryoutId: row.id, reason: delivery.reason });
      await record(
        () =>
          deferTo === 'queue'
            ? resultMailTable.releaseResultMail({ ...ref, now: Date.now() })
            : resultMailTable.markResultMailFailed({ ...ref, reason: delivery.reason }),
        deadline,
      );
      return 'retry';
    case 'refused':
    case 'unknown': {
      const reason = delivery.outcome === 'unknown' ? `unconfirmed:${delivery.reason}` : delivery.reason;
      log.error('result mail not sent', { tryoutId: row.id, reason });
      await record(() => resultMailTable.markResultMailFailed({ ...ref, reason }), deadline);
      return 'failed';
    }
  }
}

// ── the worker ─────────────────────────────────────────────────────────────────────────────────────────

/** The next moment this process may send (the pacing of RESULT_MAIL_SEND_RATE), epoch ms. */
let nextSendAt = 0;

/**
 * Waits for this process's next sending slot, unless it would come after `latest`: then false and no slot
 * is taken. Slots are RESULT_MAIL_SEND_RATE per second, shared by every batch the process runs at once.
 */
async function takeSendSlot(latest: number): Promise<boolean> {
  const interval = 1000 / getConfig().RESULT_MAIL_SEND_RATE;
  const now = Date.now();
  const at = Math.max(now, nextSendAt);
  if (at > latest) return false;
  nextSendAt = at + interval;
  if (at > now) await sleep(at - now);
  return true;
}

export type QueuedMailOutcome = 'done' | 'retry';

/**
 * The worker's step for one queue message: waits its turn at the configured rate, claims the row (nothing
 * to do if the message is a duplicate, the mail went or the result changed), sends and records. 'retry'
 * hands the message back to the queue: out of time before claiming, or the mail service asked to slow down.
 * `deadline` is when the invocation must be done, epoch ms.
 */
export async function deliverQueuedResultMail(
  message: ResultMailMessage,
  deadline: number,
  seasons: Map<string, Promise<seasonsTable.SeasonItem | null>>,
): Promise<QueuedMailOutcome> {
  const ids = tryoutId.parse(message.tryout_id);
  if (!ids) return 'done';
  if (!(await takeSendSlot(deadline - CLAIM_BUDGET_MS))) return 'retry';
  const claim = randomUUID();
  const row = await resultMailTable.claimResultMail({
    ...ids,
    version: message.version,
    claim,
    leaseUntil: Date.now() + CLAIM_LEASE_MS,
  });
  if (!row) return 'done';
  if (!seasons.has(ids.seasonId)) seasons.set(ids.seasonId, seasonsTable.getSeason(ids.seasonId));
  const season = await seasons.get(ids.seasonId);
  if (!season) {
    await resultMailTable.markResultMailFailed({ ...ids, claim, reason: 'no-season' });
    return 'done';
  }
  return (await sendClaimed(row, claim, season, deadline, 'queue')) === 'retry' ? 'retry' : 'done';
}

// ── one at a time ──────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /admin/tryouts/{id}/resend-result: mails that registrant's decided result now, whatever was sent
 * before, and answers the row. Claimed like any send, so it never races a queued send of the same row into
 * two mails; refused (409) while a sender holds it.
 */
export async function resendResult(id: string): Promise<AdminTryoutRow> {
  const ids = tryoutId.parse(id);
  const row = ids ? await tryoutsTable.getTryout(ids.seasonId, ids.userId) : null;
  if (!ids || !row) throw new NotFoundError(serverMessages.registrationNotFound);
  if (row.result === '') throw new BadRequestError(serverMessages.noResultToSend);
  const season = await seasonsTable.getSeason(ids.seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);

  const claim = randomUUID();
  const now = Date.now();
  const claimed = await resultMailTable.claimResultMailForResend({
    ...ids,
    claim,
    leaseUntil: now + CLAIM_LEASE_MS,
    now,
  });
  if (!claimed) {
    const current = await tryoutsTable.getTryout(ids.seasonId, ids.userId);
    if (!current) throw new NotFoundError(serverMessages.registrationNotFound);
    if (current.result === '') throw new BadRequestError(serverMessages.noResultToSend);
    throw new ConflictError(serverMessages.resultMailSending);
  }
  // No queue message stands behind a resend: a deferred one is left failed, for the next send or resend.
  const outcome = await sendClaimed(claimed, claim, season, now + CLAIM_BUDGET_MS, 'failed');
  if (outcome !== 'sent') throw new ServiceUnavailableError(serverMessages.mailUnavailable);
  const after = await tryoutsTable.getTryout(ids.seasonId, ids.userId);
  return toAdminRow(after ?? claimed, Date.now());
}
