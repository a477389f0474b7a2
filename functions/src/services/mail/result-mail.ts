/**
 * Result mail in bulk (spec §7 send-results) and one at a time (resend-result). An admin's send records in
 * the season's round which rows to mail (one write) and answers at once; the queue feeds the worker, which
 * claims each row for the round, sends at the configured rate and records the outcome. Every step is a
 * conditional write (db/mail/result-mail.ts), so double clicks, two admins, redeliveries and restarts mail each
 * result once, and rows whose queue messages were lost are put back on the queue. docs/decisions/0031 and 0032 tell
 * the whole story.
 */
import { randomUUID } from 'node:crypto';
import {
  groupsWithSessionAhead,
  normaliseEmail,
  serverMessages,
  sessionWhen,
  tryoutId,
  type AccessTokenClaims,
  type AdminTryoutRow,
  type ResultMailPreview,
  type SendResultsAnswer,
} from '@club/shared';
import { getMailStatus } from '../../db/mail/mail-status';
import * as resultMailTable from '../../db/mail/result-mail';
import { roundEntry, type ResultRound } from '../../db/mail/result-mail';
import * as seasonsTable from '../../db/seasons/seasons';
import * as seasonPartition from '../../db/seasons/season-partition';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { log } from '../../lib/log';
import { familyResultMail, resultMail } from '../../mail/result-mails';
import { ONCE_SEND_TIMEOUT_MS, sendMailOnce } from '../../mail/ses-sender';
import {
  enqueueResultMails,
  FAMILY_MAIL_MAX_ROWS,
  type ResultMailMessage,
} from '../../queue/result-mail-queue';
import { resultMailQueue } from '../../queue/result-mail-settings';
import { isAskedBy, mailStatusOf, rowWithStatus } from '../registration/admin-table';
import { byAdmin } from '../platform/audit';
import type { AuditBy } from '../../db/platform/audit';

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
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ── the admin's send and its progress ─────────────────────────────────────────────────────────────────

const zeros = (): SendResultsAnswer => ({
  details: { total: 0, sent: 0, failed: 0, queued: 0 },
  failedEmails: [],
});

/**
 * The round's rows (those still at the result version it asked for), counted as the spec's answer
 * (details.total/sent/failed, failedEmails) plus queued.
 */
function progressOf(
  round: ResultRound | null,
  rows: readonly RegistrationItem[],
  now: number,
): SendResultsAnswer {
  const answer = zeros();
  if (!round) return answer;
  for (const row of rows) {
    if (!isAskedBy(round, row)) continue;
    const status = mailStatusOf(row, round, now);
    if (status === 'not_sent') continue;
    answer.details.total += 1;
    answer.details[status] += 1;
    if (status === 'failed') {
      answer.failedEmails.push({ name: `${row.first_name} ${row.last_name}`, email: row.email });
    }
  }
  return answer;
}

/** The round's rows that no sender has tried yet (their messages are on the queue, or were lost). */
function untried(round: ResultRound, rows: readonly RegistrationItem[], now: number): RegistrationItem[] {
  return rows.filter(
    (r) => isAskedBy(round, r) && r.mail_state !== 'sending' && mailStatusOf(r, round, now) === 'queued',
  );
}

/** A round id that sorts by time: a later round's id is greater. */
function newRoundId(now: number): string {
  return `${new Date(now).toISOString()}#${randomUUID().slice(0, 8)}`;
}

/**
 * A family, as its result mail is addressed: the rows whose guardians are the same addresses (a household's
 * registrations carry its guardians, kept current as guardians join and leave).
 */
function familyKeyOf(row: RegistrationItem): string {
  return recipientsOf(row)
    .map((address) => normaliseEmail(address))
    .sort()
    .join(' ');
}

/**
 * The queue messages for rows of a round: one per family (issue 42), naming its rows in number order, so a
 * family gets one mail naming each child's result.
 */
function messagesOf(round: string, rows: readonly RegistrationItem[]): ResultMailMessage[] {
  const families = new Map<string, RegistrationItem[]>();
  for (const row of [...rows].sort((a, b) => a.tryout_number - b.tryout_number)) {
    const key = familyKeyOf(row);
    families.set(key, [...(families.get(key) ?? []), row]);
  }
  return [...families.values()].flatMap((family) => {
    const messages: ResultMailMessage[] = [];
    for (let i = 0; i < family.length; i += FAMILY_MAIL_MAX_ROWS) {
      const [first, ...rest] = family.slice(i, i + FAMILY_MAIL_MAX_ROWS);
      messages.push({
        tryout_id: first!.id,
        version: first!.result_version ?? 0,
        round,
        ...(rest.length
          ? { with: rest.map((r) => ({ tryout_id: r.id, version: r.result_version ?? 0 })) }
          : {}),
      });
    }
    return messages;
  });
}

/**
 * Puts a round's untried rows back on the queue once `requeueAfterMs` has passed since it was started or
 * last requeued (their messages must have been lost), or at once with `now` as the age (a queue that has
 * just started empty). A conditional write first, so of concurrent requeuers one sends. Returns how many.
 */
async function requeueLost(
  seasonId: string,
  round: ResultRound | null,
  rows: readonly RegistrationItem[],
  now: number,
  requeueAfterMs = resultMailQueue.requeueAfterMs,
): Promise<number> {
  if (!round || round.requeued_at > now - requeueAfterMs) return 0;
  const lost = untried(round, rows, now);
  if (!lost.length) return 0;
  const renewed = await resultMailTable.renewResultRoundRequeue(seasonId, {
    id: round.id,
    seenRequeuedAt: round.requeued_at,
    now,
  });
  if (!renewed) return 0;
  const sent = await enqueueResultMails(messagesOf(round.id, lost));
  log.warn('result mails requeued after their messages were lost', { seasonId, count: sent });
  return sent;
}

/**
 * POST /admin/tryouts/{seasonId}/send-results: asks to mail every registrant with a decided result whose
 * mail has not gone out (never sent, failed, or its result changed since), and answers at once with the
 * round's progress. The rows are recorded in one write of the round (a new one, or the one still going,
 * which this send joins); each gets one message on the queue. A send with nothing to mail and no round
 * going answers zeros and writes nothing.
 */
export async function sendResults(
  seasonId: string,
  admin: AccessTokenClaims,
  options: { sessionsAhead?: 'send' } = {},
): Promise<SendResultsAnswer> {
  return queueResultMails(seasonId, byAdmin(admin), options);
}

/**
 * The send itself, by whoever asks: an admin's send-results, or the offers' publish job (issue 45), which
 * mails only the players it gave the spec's Not Selected result (`only`, their player ids). With the season's
 * offers on, Selected rows are never mailed here: their offer mail is their result.
 */
export async function queueResultMails(
  seasonId: string,
  by: AuditBy,
  options: { sessionsAhead?: 'send'; only?: ReadonlySet<string> } = {},
): Promise<SendResultsAnswer> {
  const now = by.now.getTime();
  const { season, round: current, tryouts } = await seasonPartition.getSeasonWithTryouts(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);

  // With offers on (issue 45), a Selected player's result is their offer and its mail: the spec's Selected mail
  // (with the age group's team link) would tell them before they accept, or after they declined.
  const offersOn = seasonsTable.offerSettingsOf(season).enabled;
  const due = tryouts.filter((t) => {
    const status = mailStatusOf(t, current, now);
    return (
      t.result !== '' &&
      !(offersOn && t.result === 'selected') &&
      (status === 'not_sent' || status === 'failed') &&
      (!options.only || options.only.has(t.player_id))
    );
  });
  // Issue 42: a family never reads a result before its child's last session unless the admin said so.
  const ahead = groupsWithSessionAhead(
    season.sessions ?? [],
    due.map((t) => t.age_group),
    by.now,
  );
  if (ahead.length && options.sessionsAhead !== 'send') {
    throw new ConflictError(
      serverMessages.resultsBeforeSessions(
        ahead.map((a) => `${a.age_group} (${sessionWhen(a.session)})`).join(', '),
        ahead.length > 1,
      ),
    );
  }
  const entries = due.map((t) => roundEntry(t.player_id, t.result_version ?? 0));
  const going = progressOf(current, tryouts, now).details.queued > 0;
  if (!going && !due.length) return zeros();

  let round: ResultRound | null = null;
  let added: string[] = [];
  if (!going) {
    const next = { id: newRoundId(now), now, entries };
    if (await resultMailTable.startResultRound(seasonId, current?.id ?? null, next, by)) {
      round = { id: next.id, started_at: now, requeued_at: now, entries: new Set(entries) };
      added = entries;
    }
  }
  // Join the round going on: this send's, or the one another send started a moment ago.
  for (let attempt = 0; !round && attempt < 5; attempt++) {
    const joinable = going && attempt === 0 ? current : await resultMailTable.getResultRound(seasonId);
    if (!joinable) break;
    const joined = due.length
      ? await resultMailTable.joinResultRound(seasonId, joinable, entries, by)
      : { added: [], round: joinable };
    if (joined) ({ round, added } = joined);
  }
  if (!round) throw new ConflictError(serverMessages.resultMailSending);

  const addedSet = new Set(added);
  const enqueued = await enqueueResultMails(
    messagesOf(
      round.id,
      due.filter((t) => addedSet.has(roundEntry(t.player_id, t.result_version ?? 0))),
    ),
  );
  await requeueLost(seasonId, round, tryouts, now);
  log.info('result mails asked for', { seasonId, round: round.id, queued: enqueued, due: due.length });
  return progressOf(round, tryouts, now);
}

/**
 * GET /admin/tryouts/{seasonId}/send-results: the current round's progress, which the admin page polls
 * until nothing is queued. A round's lost messages are put back on the queue on the way.
 */
/**
 * GET /admin/tryouts/{seasonId}/result-mail-preview: both result mails made by the same code that sends them,
 * for the season's first age group (its team link as set now) and a placeholder first name.
 */
export async function previewResultMail(seasonId: string): Promise<ResultMailPreview> {
  const season = await seasonsTable.getSeason(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  const ageGroup = season.age_groups[0]!;
  const base = { to: 'family@example.invalid', firstName: '[first name]', seasonName: season.name, ageGroup };
  const selected = resultMail({
    ...base,
    result: 'selected',
    teamLink: season.teamsnap_links[ageGroup] ?? null,
  });
  const notSelected = resultMail({ ...base, result: 'not_selected', teamLink: null });
  return {
    age_group: ageGroup,
    selected: { subject: selected.subject, text: selected.text },
    not_selected: { subject: notSelected.subject, text: notSelected.text },
  };
}

export async function getSendProgress(seasonId: string): Promise<SendResultsAnswer> {
  const now = Date.now();
  const { season, round, tryouts } = await seasonPartition.getSeasonWithTryouts(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  await requeueLost(seasonId, round, tryouts, now);
  return progressOf(round, tryouts, now);
}

/**
 * Puts every season's untried rows back on the queue, whatever their age: for a queue that has just started
 * empty (the local stack's emulator keeps messages in memory only). Duplicates are harmless.
 */
export async function requeueAllUntried(): Promise<number> {
  const now = Date.now();
  let count = 0;
  for (const season of await seasonsTable.listSeasons()) {
    const { round, tryouts } = await seasonPartition.getSeasonWithTryouts(season.id);
    count += await requeueLost(season.id, round, tryouts, now, 0);
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

/** Every guardian of the rows' athletes, once each (addresses compared as keyed: trimmed, lower-cased). */
function recipientsOf(...rows: RegistrationItem[]): string[] {
  const seen = new Map<string, string>();
  for (const row of rows) {
    for (const g of tryoutsTable.guardiansOfRow(row)) seen.set(normaliseEmail(g.email), g.email);
  }
  return [...seen.values()];
}

/** "Priya", "Priya and Sam": the first names of the rows' guardians, as a family's mail greets them. */
function guardiansGreeting(row: RegistrationItem): string {
  const names = [
    ...new Set(tryoutsTable.guardiansOfRow(row).map((g) => g.name.trim().split(/\s+/)[0] ?? '')),
  ].filter(Boolean);
  return names.length
    ? new Intl.ListFormat('en-CA', { type: 'conjunction' }).format(names).replace(/, and /, ' and ')
    : row.first_name;
}

/**
 * The mail telling a family the results of its claimed rows (issue 42): one message to the household's
 * guardians naming each child; a player's own registration alone reads as it always has.
 */
export function resultMailOf(rows: readonly RegistrationItem[], season: seasonsTable.SeasonItem) {
  const first = rows[0]!;
  return familyResultMail({
    to: recipientsOf(...rows),
    greeting: guardiansGreeting(first),
    ownFirstName: first.first_name,
    seasonName: season.name,
    results: rows.map((row) => ({
      firstName: row.player_id === row.user_id ? null : row.first_name,
      ageGroup: row.age_group,
      result: row.result as 'selected' | 'not_selected',
      teamLink: season.teamsnap_links[row.age_group] ?? null,
    })),
  });
}

/**
 * Sends the mail of a family's claimed rows once and records what became of it on each row. Accepted: sent
 * (each row at the result version it was claimed at). Refused by SES, or an answer that never came (it may or
 * may not have gone out): failed, listed for the admin, never resent by itself. Throttled or unreachable
 * (nothing went out): back to queued for a later delivery of its message (`deferTo` 'queue'), or failed when
 * there is no message to deliver it ('failed').
 */
export async function sendClaimed(
  rows: readonly RegistrationItem[],
  claim: string,
  season: seasonsTable.SeasonItem,
  deadline: number,
  deferTo: 'queue' | 'failed',
): Promise<Sent> {
  const refOf = (row: RegistrationItem) => ({ seasonId: row.season_id, playerId: row.player_id, claim });
  const eachRow = (write: (row: RegistrationItem) => Promise<boolean>) =>
    Promise.all(rows.map((row) => record(() => write(row), deadline)));
  const delivery = await sendMailOnce(resultMailOf(rows, season));
  switch (delivery.outcome) {
    case 'sent':
      await eachRow((row) =>
        resultMailTable.markResultMailSent({
          ...refOf(row),
          version: row.result_version ?? 0,
          now: new Date(),
        }),
      );
      return 'sent';
    case 'retry':
      log.warn('result mail deferred', { tryoutId: rows[0]!.id, rows: rows.length, reason: delivery.reason });
      await eachRow((row) =>
        deferTo === 'queue'
          ? resultMailTable.releaseResultMail(refOf(row))
          : resultMailTable.markResultMailFailed({ ...refOf(row), reason: delivery.reason }),
      );
      return 'retry';
    case 'refused':
    case 'unknown': {
      const reason = delivery.outcome === 'unknown' ? `unconfirmed:${delivery.reason}` : delivery.reason;
      log.error('result mail not sent', { tryoutId: rows[0]!.id, rows: rows.length, reason });
      await eachRow((row) => resultMailTable.markResultMailFailed({ ...refOf(row), reason }));
      return 'failed';
    }
  }
}

// ── one at a time ──────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /admin/tryouts/{id}/resend-result: mails that registrant's decided result now, whatever was sent
 * before, and answers the row. Claimed like any send, so it never races a queued send of the same row into
 * two mails; refused (409) while a sender holds it.
 */
export async function resendResult(id: string, admin: AccessTokenClaims): Promise<AdminTryoutRow> {
  const ids = tryoutId.parse(id);
  const row = ids ? await tryoutsTable.getTryout(ids.seasonId, ids.playerId) : null;
  if (!ids || !row) throw new NotFoundError(serverMessages.registrationNotFound);
  if (row.result === '') throw new BadRequestError(serverMessages.noResultToSend);
  const recipients = recipientsOf(row);
  const [season, ...statuses] = await Promise.all([
    seasonsTable.getSeason(ids.seasonId),
    ...recipients.map((address) => getMailStatus(address)),
  ]);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  // Every address bounced: the admin is told why, so they reach the family another way instead of pressing again.
  if (statuses.every((status) => status?.suppressed))
    throw new ConflictError(serverMessages.resultMailSuppressed);

  const claim = randomUUID();
  const by = byAdmin(admin);
  const now = by.now.getTime();
  const claimed = await resultMailTable.claimResultMailForResend({
    ...ids,
    by,
    round: newRoundId(now),
    claim,
    leaseUntil: now + CLAIM_LEASE_MS,
    now,
  });
  if (!claimed) {
    const current = await tryoutsTable.getTryout(ids.seasonId, ids.playerId);
    if (!current) throw new NotFoundError(serverMessages.registrationNotFound);
    if (current.result === '') throw new BadRequestError(serverMessages.noResultToSend);
    throw new ConflictError(serverMessages.resultMailSending);
  }
  // No queue message stands behind a resend: a deferred one is left failed, for the next send or resend.
  const outcome = await sendClaimed([claimed], claim, season, now + CLAIM_BUDGET_MS, 'failed');
  if (outcome !== 'sent') throw new ServiceUnavailableError(serverMessages.mailUnavailable);
  const after = await tryoutsTable.getTryout(ids.seasonId, ids.playerId);
  return rowWithStatus(after ?? claimed);
}
