/**
 * The admin tryout table (spec §2 Tryouts tab, §3 admin row): the season's rows, attendance, results, cash
 * collected on tryout day, and the CSV download.
 */
import {
  ADMIN_TRYOUT_PAGE_SIZE,
  amountsOf,
  centsToDollars,
  paymentLabel,
  reportedStatus,
  RELATIONSHIP_LABELS,
  RESULT_LABELS,
  serverMessages,
  tryoutId,
  type AccessTokenClaims,
  type AdminTryoutPage,
  type AdminTryoutRow,
  type ResultMailStatus,
  type TryoutResult,
} from '@club/shared';

import { writeAudit } from '../../db/platform/audit';
import * as refundsTable from '../../db/money/refunds';
import * as resultMailTable from '../../db/mail/result-mail';
import { roundEntry, type ResultRound } from '../../db/mail/result-mail';
import * as seasonPartition from '../../db/seasons/season-partition';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { toCsv } from '../../lib/csv';
import { personalRecord } from '@club/shared/personal-data';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { byAdmin } from '../platform/audit';
import { supportAnswerField } from '../money/financial-support';

/**
 * Where a row's result mail stands, as the admin sees it, given the season's current round. A sender's claim
 * reads as still on its way while its lease lasts; a lease that ran out means the sender stopped mid-send,
 * so the mail may or may not have gone: it reads as failed (listed, Not Sent) and only an admin's next send
 * tries again. A row the round asks for and has not tried yet is on its way (queued).
 */
export function mailStatusOf(
  tryout: RegistrationItem,
  round: ResultRound | null,
  now: number,
): ResultMailStatus {
  if (tryout.email_sent) return 'sent';
  if (tryout.mail_state === 'sending') return (tryout.mail_lease_until ?? 0) >= now ? 'queued' : 'failed';
  if (round && isAskedBy(round, tryout) && !((tryout.mail_round ?? '') >= round.id)) return 'queued';
  return tryout.mail_state === 'failed' ? 'failed' : 'not_sent';
}

/** True when the round asks to mail this row's current result. */
export function isAskedBy(round: ResultRound, tryout: RegistrationItem): boolean {
  return tryout.result !== '' && round.entries.has(roundEntry(tryout.player_id, tryout.result_version ?? 0));
}

/** A registration as the admin table shows it (spec §3 "Admin tryout row", plus payment and mail status). */
export function toAdminRow(
  t: RegistrationItem,
  round: ResultRound | null,
  now: number,
  refunds: Array<Record<string, unknown>> = [],
): AdminTryoutRow {
  return {
    id: t.id,
    tryout_number: t.tryout_number,
    first_name: t.first_name,
    last_name: t.last_name,
    age_group: t.age_group,
    payment_method: t.payment_method,
    payment_status: reportedStatus(t),
    ...amountsOf(t),
    withdrawn: t.withdrawn === true,
    attended: t.attended,
    result: t.result,
    email_sent: t.email_sent,
    email_status: mailStatusOf(t, round, now),
    date_of_birth: t.date_of_birth,
    is_under_18: t.is_under_18,
    parent_consent: t.parent_consent,
    email: t.email,
    phone_number: t.phone_number,
    emergency_contact_name: t.emergency_contact_name,
    emergency_contact_phone: t.emergency_contact_phone,
    emergency_contact_relationship: t.emergency_contact_relationship,
    emergency_contact_email: t.emergency_contact_email,
    guardians: tryoutsTable.guardiansOfRow(t),
    // What the club asked at registration (issue 36).
    photo_consent: t.photo_consent === true,
    financial_support_requested: t.financial_support_requested === true,
    ...supportAnswerField(t),
    ...(t.waiver
      ? {
          waiver: {
            version: t.waiver.version,
            signed_name: t.waiver.signed_name,
            accepted_at: t.waiver.accepted_at,
          },
        }
      : {}),
    ...(t.medical_notes ? { medical_notes: t.medical_notes } : {}),
    ...(t.withdrawn && t.withdrawn_at ? { withdrawn_at: t.withdrawn_at } : {}),
    ...(t.withdrawn && t.withdrawn_by ? { withdrawn_by: t.withdrawn_by } : {}),
    ...(t.unreconciled_refund_cents ? { unreconciled_refund_cents: t.unreconciled_refund_cents } : {}),
    ...(refunds.length
      ? {
          refunds: refunds
            .map((item) => refundsTable.toRefundRecord(refundsTable.toRefund(item)))
            .sort((a, b) => a.created_at.localeCompare(b.created_at)),
        }
      : {}),
  };
}

/** The season and its registrations (one Query); 404 when there is no such season. */
async function seasonRows(seasonId: string) {
  const { season, round, tryouts, refunds } = await seasonPartition.getSeasonWithTryouts(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  return { season, round, tryouts, refunds };
}

/** GET /admin/tryouts?season_id=: every registration of the season, by tryout number. */
export async function listTryouts(seasonId: string): Promise<AdminTryoutRow[]> {
  const { round, tryouts, refunds } = await seasonRows(seasonId);
  const now = Date.now();
  return tryouts.map((t) => toAdminRow(t, round, now, refunds.get(t.player_id)));
}

/**
 * A page's cursor: the last listed registration's id, base64url, so a caller treats it as opaque. A cursor
 * of another season, or not one of ours, is refused (400) rather than read from somewhere else.
 */
const pageCursor = {
  of: (seasonId: string, playerId: string): string =>
    Buffer.from(tryoutId.of(seasonId, playerId)).toString('base64url'),
  playerAfter(seasonId: string, cursor: string): string {
    const ids = tryoutId.parse(Buffer.from(cursor, 'base64url').toString());
    if (!ids || ids.seasonId !== seasonId) throw new BadRequestError('Invalid request.');
    return ids.playerId;
  },
};

/**
 * GET /admin/tryouts/page?season_id=&cursor=&limit= (issue 43): one page of the season's registrations, in
 * key order, and the cursor of the next. It reads the season and its round, at most `limit` registrations
 * and their refunds: a request costs the same in a season of 30 or 30,000.
 */
export async function listTryoutPage(
  seasonId: string,
  page: { cursor?: string; limit?: number },
): Promise<AdminTryoutPage> {
  const afterPlayerId = page.cursor ? pageCursor.playerAfter(seasonId, page.cursor) : null;
  const [{ season, round }, { tryouts, refunds, lastPlayerId }] = await Promise.all([
    seasonPartition.getSeasonAndRound(seasonId),
    seasonPartition.getTryoutPage(seasonId, { afterPlayerId, limit: page.limit ?? ADMIN_TRYOUT_PAGE_SIZE }),
  ]);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  const now = Date.now();
  return {
    rows: tryouts.map((t) => toAdminRow(t, round, now, refunds.get(t.player_id))),
    next_cursor: lastPlayerId ? pageCursor.of(seasonId, lastPlayerId) : null,
  };
}

const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');

/** What a CSV cell may need besides its registration: the season's result round, and now. */
interface CsvContext {
  round: ResultRound | null;
  now: number;
}

interface CsvColumn {
  header: string;
  value: (t: RegistrationItem, context: CsvContext) => string | number;
  /** Only when the admin asks for the medical notes (issue 36). */
  medical?: true;
}

/**
 * A column of a declared registration field: its header is the one the declaration of personal data gives
 * it (shared personal-data.ts), its cell the stored value unless told how to show it.
 */
function declared(
  field: keyof RegistrationItem & string,
  value: CsvColumn['value'] = (t) => (t[field] as string | number | undefined) ?? '',
): CsvColumn {
  const header = personalRecord('registration').fields.find((f) => f.field === field)?.csv;
  if (!header) throw new Error(`${field} is not declared as a CSV column`);
  return { header, value };
}

/**
 * The CSV's columns, in order: header and cell side by side, so the two can never disagree. Money as the one
 * shared definition gives it (shared money.ts), so the file and the screen agree to the cent (issue 35).
 */
const CSV_COLUMNS: readonly CsvColumn[] = [
  declared('tryout_number'),
  declared('first_name'),
  declared('last_name'),
  declared('age_group'),
  declared('payment_method', (t) => paymentLabel(t.payment_method, reportedStatus(t), amountsOf(t))),
  { header: 'Paid', value: (t) => centsToDollars(amountsOf(t).amount_paid_cents) },
  { header: 'Refunded', value: (t) => centsToDollars(amountsOf(t).amount_refunded_cents) },
  declared('attended', (t) => yesNo(t.attended)),
  declared('result', (t) => RESULT_LABELS[t.result]),
  {
    header: 'Email',
    value: (t, { round, now }) => (mailStatusOf(t, round, now) === 'sent' ? 'Sent' : 'Not Sent'),
  },
  declared('date_of_birth'),
  declared('is_under_18', (t) => yesNo(t.is_under_18)),
  declared('parent_consent', (t) => yesNo(t.parent_consent)),
  declared('email'),
  declared('phone_number'),
  declared('emergency_contact_name'),
  declared('emergency_contact_phone'),
  declared('emergency_contact_relationship', (t) => RELATIONSHIP_LABELS[t.emergency_contact_relationship]),
  declared('emergency_contact_email'),
  declared('guardians', (t) =>
    tryoutsTable
      .guardiansOfRow(t)
      .map((g) => `${g.name} <${g.email}> ${g.phone_number}`)
      .join('; '),
  ),
  { ...declared('medical_notes'), medical: true },
];

// A field declared for the CSV has its column: caught when the module loads, not by a family's complaint.
for (const field of personalRecord('registration').fields) {
  if (field.csv && !CSV_COLUMNS.some((column) => column.header === field.csv)) {
    throw new Error(`The CSV has no column for ${field.field}`);
  }
}

/** One registration as a line of the CSV, without the medical notes (the columns' cells, in order). */
export function exportRow(t: RegistrationItem, round: ResultRound | null, now: number) {
  return CSV_COLUMNS.filter((column) => !column.medical).map((column) => column.value(t, { round, now }));
}

/**
 * GET /admin/tryouts/export?season_id=: the season's rows as a spreadsheet-safe CSV (lib/csv.ts), in
 * tryout-number order, with the table's labels; the file is named after the season.
 */
export async function exportTryouts(
  seasonId: string,
  admin: AccessTokenClaims,
  /** The athletes' medical notes go in the file only when the admin asks (issue 36). */
  options: { medicalNotes?: boolean } = {},
): Promise<{ filename: string; csv: string }> {
  const { season, round, tryouts } = await seasonRows(seasonId);
  const medical = options.medicalNotes === true;
  // Who took the season's personal details away in a file, and how many rows (issue 19), and whether the
  // medical notes went with them.
  await writeAudit(
    byAdmin(admin),
    { action: 'csv_export', seasonId },
    { rows: tryouts.length, ...(medical ? { medical_notes: true } : {}) },
  );
  const context: CsvContext = { round, now: Date.now() };
  const columns = CSV_COLUMNS.filter((column) => medical || !column.medical);
  const header = columns.map((column) => column.header);
  const rows = tryouts.map((t) => columns.map((column) => column.value(t, context)));
  const slug =
    season.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'season';
  return { filename: `${slug}-tryouts.csv`, csv: toCsv([header, ...rows]) };
}

/** One row as the table shows it, with its mail status against the season's current round. */
export async function rowWithStatus(tryout: RegistrationItem): Promise<AdminTryoutRow> {
  return toAdminRow(tryout, await resultMailTable.getResultRound(tryout.season_id), Date.now());
}

/** The season and player a registration's public id names (the path schema has checked its shape). */
export function idsOf(id: string): { seasonId: string; playerId: string } {
  const ids = tryoutId.parse(id);
  if (!ids) throw new NotFoundError(serverMessages.registrationNotFound);
  return ids;
}

/** PATCH /admin/tryouts/{id}/attended. */
export async function setAttended(
  id: string,
  attended: boolean,
  admin: AccessTokenClaims,
): Promise<AdminTryoutRow> {
  const { seasonId, playerId } = idsOf(id);
  const tryout = await tryoutsTable.setAttended(seasonId, playerId, attended, byAdmin(admin));
  if (!tryout) throw new NotFoundError(serverMessages.registrationNotFound);
  if (tryout === 'withdrawn') throw new ConflictError(serverMessages.withdrawnNotAttended);
  return rowWithStatus(tryout);
}

/**
 * PATCH /admin/tryouts/{id}/selection: pending, selected or not selected, in any direction (spec §4). A
 * changed result is Not Sent again even if the old one was mailed, so the corrected result can be sent.
 */
export async function setSelection(
  id: string,
  result: TryoutResult | '',
  admin: AccessTokenClaims,
): Promise<AdminTryoutRow> {
  const { seasonId, playerId } = idsOf(id);
  const tryout = await tryoutsTable.setResult(seasonId, playerId, result, byAdmin(admin));
  if (!tryout) throw new NotFoundError(serverMessages.registrationNotFound);
  log.info('tryout result set', { tryoutId: id, version: tryout.result_version ?? 0 });
  return rowWithStatus(tryout);
}

/** POST /admin/tryouts/{id}/reinstate: a withdrawn registration back in the season, with its own number. */
export async function reinstate(id: string, admin: AccessTokenClaims): Promise<AdminTryoutRow> {
  const { seasonId, playerId } = idsOf(id);
  const tryout = await tryoutsTable.reinstateTryout(seasonId, playerId, byAdmin(admin));
  if (!tryout) throw new NotFoundError(serverMessages.registrationNotFound);
  if (tryout === 'not-withdrawn') throw new ConflictError(serverMessages.notWithdrawn);
  log.info('registration reinstated', { tryoutId: id });
  return rowWithStatus(tryout);
}

/**
 * PATCH /admin/tryouts/{id}/cash: the admin collected a cash registration's fee on tryout day (or corrects
 * a slip). Its payment then reads "Cash (paid)" on the player's dashboard and in the table.
 */
export async function setCashCollected(
  id: string,
  collected: boolean,
  admin: AccessTokenClaims,
): Promise<AdminTryoutRow> {
  const { seasonId, playerId } = idsOf(id);
  const written = await tryoutsTable.setCashCollected(seasonId, playerId, collected, byAdmin(admin));
  if (written === 'not-found') throw new NotFoundError(serverMessages.registrationNotFound);
  if (written === 'not-cash') throw new ConflictError(serverMessages.notCashRegistration);
  if (written === 'refunded') throw new ConflictError(serverMessages.cashRefunded);
  log.info('cash collection recorded', { tryoutId: id, collected });
  return rowWithStatus(written);
}
