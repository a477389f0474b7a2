/**
 * The treasurer's view of a season's money and its CSV (issue 46 §3): both from ledger.ts's one derivation of
 * one read of the season's partition, so the table's figures and the file's lines always agree.
 */
import {
  MONEY_FEE_LABELS,
  MONEY_METHOD_LABELS,
  todayInClubZone,
  type AccessTokenClaims,
  type SeasonMoneyView,
} from '@club/shared';
import { readSeasonMoneyItems } from '../../db/money/season-money-items';
import { writeAudit } from '../../db/platform/audit';
import { toCsv } from '../../lib/csv';
import { NotFoundError } from '../../lib/errors';
import { byAdmin } from '../platform/audit';
import { deriveLedger, type LedgerEntry } from './ledger';

async function seasonLedger(seasonId: string) {
  const { season, ...items } = await readSeasonMoneyItems(seasonId);
  if (!season) throw new NotFoundError('Season not found.');
  return { season, ledger: deriveLedger(items) };
}

/** GET /admin/seasons/{id}/money: per fee and method, and the totals. */
export async function getSeasonMoney(seasonId: string): Promise<SeasonMoneyView> {
  const { season, ledger } = await seasonLedger(seasonId);
  return { season_id: season.id, season_name: season.name, lines: ledger.lines, totals: ledger.totals };
}

export const MONEY_CSV_HEADER = ['Date', 'Family', 'Child', 'Fee', 'Method', 'Kind', 'Amount', 'Reference'];

/** One payment or refund as a line of the file: the day in Edmonton, the amount in dollars (refunds negative). */
export function moneyCsvRow(entry: LedgerEntry): Array<string | number> {
  return [
    todayInClubZone(new Date(entry.at)),
    entry.family,
    entry.child,
    MONEY_FEE_LABELS[entry.fee],
    MONEY_METHOD_LABELS[entry.method],
    entry.kind === 'payment' ? 'Payment' : 'Refund',
    // A number, so a spreadsheet adds the column up (−12.5 stays a number, never text or a formula).
    entry.amount_cents / 100,
    entry.reference,
  ];
}

/**
 * GET /admin/seasons/{id}/money.csv: one line per payment and refund, oldest first, formula-safe (lib/csv.ts);
 * audited, since it names families and children.
 */
export async function exportSeasonMoney(
  seasonId: string,
  admin: AccessTokenClaims,
): Promise<{ filename: string; csv: string }> {
  const { season, ledger } = await seasonLedger(seasonId);
  await writeAudit(byAdmin(admin), { action: 'money_export', seasonId }, { rows: ledger.entries.length });
  const slug =
    season.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'season';
  return {
    filename: `${slug}-money.csv`,
    csv: toCsv([MONEY_CSV_HEADER, ...ledger.entries.map(moneyCsvRow)]),
  };
}
