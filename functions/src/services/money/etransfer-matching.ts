/**
 * The bank's e-Transfer CSV (issue 46 §2): reading it into lines, and deciding what each line is, with no
 * table access, so the rules are tested on their own (and by property tests). Recording is the import's
 * (etransfer-import.ts), by one transaction per line.
 *
 * Columns are found by their header, whatever the bank calls them (README lists the names read): a date, an
 * amount, the sender and the message, and the bank's own reference when the file has one. A line whose
 * amount is not a positive number (a debit, a fee, a blank) is not an e-Transfer received and is left out.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import {
  etransferMessages,
  referencesIn,
  type EtransferImportAnswer,
  type EtransferRowView,
} from '@club/shared';
import { BadRequestError } from '../../lib/errors';

/** Header names per column, compared lower-case with anything but letters and digits as one space. */
export const ETRANSFER_HEADER_ALIASES = {
  date: [
    'date',
    'transaction date',
    'date received',
    'received',
    'received date',
    'posted date',
    'date posted',
    'transfer date',
    'deposit date',
  ],
  amount: [
    'amount',
    'amount received',
    'credit',
    'credits',
    'deposit',
    'deposits',
    'funds in',
    'amount cad',
    'cad',
    'deposit amount',
  ],
  sender: ['sender', 'sender name', 'from', 'name', 'payer', 'sent by', 'sender s name', 'from name'],
  message: [
    'message',
    'memo',
    'note',
    'notes',
    'message to recipient',
    'sender message',
    'remittance information',
    'details',
    'description',
  ],
  reference: [
    'reference',
    'reference number',
    'reference no',
    'interac reference',
    'interac reference number',
    'confirmation',
    'confirmation number',
    'confirmation no',
    'transaction id',
    'transaction reference',
  ],
} as const;

type Column = keyof typeof ETRANSFER_HEADER_ALIASES;

const normalHeader = (h: string) =>
  h
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** "$1,234.50", "250", "(45.00)", "45.00 CAD" → cents; null when it is not an amount. */
export function centsOf(text: string): number | null {
  const t = text.replace(/cad|\$|\s|,/gi, '');
  const negative = /^\(.*\)$/.test(t) || t.startsWith('-');
  const m = /^\(?-?\+?(\d+)(?:\.(\d{1,2}))?\)?$/.exec(t);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** 2026/09/04, 2026-09-04 → 2026-09-04; any other form kept as the bank wrote it. */
function dateOf(text: string): string {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(text.trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text.trim();
}

/**
 * The lines of a bank file: BOM and CRLF or LF, quoted fields (a comma in a name), headers by alias. Each
 * line's id is the bank's reference when the line has its own (not a placeholder such as "N/A" or "-", and
 * on no other line of the file), else the sha256 of the line's date, amount, sender and message and how
 * many such lines came before it in the file: the same file gives the same ids.
 */
export function readBankFile(csv: string): EtransferRowView[] {
  if (!csv.trim()) throw new BadRequestError(etransferMessages.fileRequired);
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch {
    throw new BadRequestError(etransferMessages.fileUnreadable);
  }
  const [header, ...lines] = records;
  const columns = columnsOf(header ?? []);
  if (columns.date === undefined || columns.amount === undefined || columns.sender === undefined) {
    throw new BadRequestError(etransferMessages.columnsMissing);
  }
  const received = lines.flatMap((line) => {
    const cell = (c: Column) => (columns[c] === undefined ? '' : (line[columns[c]] ?? '').trim());
    const amount = centsOf(cell('amount'));
    if (amount === null || amount <= 0) return [];
    const row = {
      date: dateOf(cell('date')),
      sender: cell('sender'),
      amount_cents: amount,
      message: cell('message'),
    };
    return [{ row, bankId: bankIdOf(cell('reference')) }];
  });
  // A reference the file gives more than one line is not the line's own: those lines are told by their content.
  const times = new Map<string, number>();
  for (const { bankId } of received) if (bankId) times.set(bankId, (times.get(bankId) ?? 0) + 1);
  const seen = new Map<string, number>();
  return received.map(({ row, bankId }) => {
    const tuple = JSON.stringify([row.date, row.amount_cents, row.sender.toLowerCase(), row.message]);
    const nth = seen.get(tuple) ?? 0;
    seen.set(tuple, nth + 1);
    const row_id =
      bankId && times.get(bankId) === 1
        ? bankId
        : createHash('sha256').update(`${tuple}#${nth}`).digest('hex');
    return { row_id, ...row };
  });
}

/** What a bank column holds where there is no reference: "N/A", "none", "-", "0000". */
const PLACEHOLDERS = new Set([
  'na',
  'n a',
  'none',
  'nil',
  'null',
  'nan',
  'tbd',
  'unknown',
  'not applicable',
  'pending',
]);

/**
 * The bank's reference as a line id, or '' when the column holds a placeholder (no letter or digit, only
 * zeros, or an N/A-like word) rather than the line's own reference.
 */
function bankIdOf(text: string): string {
  const id = text.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 100);
  if (!/[A-Za-z1-9]/.test(id)) return '';
  return PLACEHOLDERS.has(normalHeader(text)) ? '' : id;
}

function columnsOf(header: readonly string[]): Partial<Record<Column, number>> {
  const names = header.map(normalHeader);
  const found: Partial<Record<Column, number>> = {};
  for (const column of Object.keys(ETRANSFER_HEADER_ALIASES) as Column[]) {
    // The first alias present wins, so 'message' beats 'description' when a file has both.
    for (const alias of ETRANSFER_HEADER_ALIASES[column]) {
      const i = names.indexOf(alias);
      if (i >= 0 && !Object.values(found).includes(i)) {
        found[column] = i;
        break;
      }
    }
  }
  return found;
}

/** A registration a line could pay, as the import read it. */
export interface Payee {
  tryout_id: string;
  player_name: string;
  /** Its code (every e-Transfer registration has one). */
  reference: string;
  amount_cents: number;
  /** The names a family sends from: the guardians' and the athlete's. */
  names: readonly string[];
  /** awaiting: still owes this e-Transfer; anything else: paid, withdrawn, or not an e-Transfer one. */
  awaiting: boolean;
}

export type Verdict =
  /** `payees`: every registration the line pays when it names several whose amounts add up to it. */
  | { list: 'matched'; payee: Payee; payees?: readonly Payee[] }
  | { list: Exclude<keyof EtransferImportAnswer, 'matched'>; view: EtransferRowView };

/** Letters only, lower case, no accents, as a set of words: "QUINN, Jordan" and "Jordan Quinn" agree. */
function wordsOf(name: string): Set<string> {
  return new Set(
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length > 1),
  );
}

/** A sender is a name when every word of the name (two at least) is in what the bank shows. */
function sentBy(sender: string, name: string): boolean {
  const from = wordsOf(sender);
  const words = [...wordsOf(name)];
  return words.length >= 2 && words.every((w) => from.has(w));
}

/** The most registrations one line pays together (one transaction holds three items for each). */
const MAX_TOGETHER = 10;

/**
 * What a line is. `applied`: the line was applied before (the registration it paid). `byCode`: the
 * registration a code names, if any. `pool`: the registrations awaiting an e-Transfer, for a line with no
 * code (its sender's name and amount).
 */
export function classify(
  row: EtransferRowView,
  context: {
    applied: { tryout_id: string; tryout_ids?: string[] } | null;
    byCode: (code: string) => Payee | null;
    pool: readonly Payee[];
  },
): Verdict {
  if (context.applied) return { list: 'already_applied', view: { ...row, ...context.applied } };
  const named = referencesIn(row.message)
    .map(context.byCode)
    .filter((p): p is Payee => p !== null);
  const payees = [...new Map(named.map((p) => [p.tryout_id, p])).values()];
  if (payees.length > 1) {
    // One transfer for several children: applied when every one awaits and their amounts add up exactly.
    const candidates = payees.map(candidateOf);
    if (payees.length > MAX_TOGETHER || payees.some((p) => !p.awaiting))
      return { list: 'ambiguous', view: { ...row, candidates } };
    const owed = payees.reduce((sum, p) => sum + p.amount_cents, 0);
    if (owed !== row.amount_cents) {
      return {
        list: 'amount_mismatch',
        view: { ...row, candidates, difference_cents: row.amount_cents - owed },
      };
    }
    return { list: 'matched', payee: payees[0]!, payees };
  }
  const payee = payees[0];
  if (payee) {
    const about = { tryout_id: payee.tryout_id, player_name: payee.player_name };
    // Paid already (by hand, or another line), or withdrawn: a person decides (a double payment to refund?).
    // Nothing to apply it to: the admin sees whose code it named.
    if (!payee.awaiting) return { list: 'ambiguous', view: { ...row, ...about } };
    if (payee.amount_cents !== row.amount_cents) {
      return {
        list: 'amount_mismatch',
        view: { ...row, ...about, difference_cents: row.amount_cents - payee.amount_cents },
      };
    }
    return { list: 'matched', payee };
  }
  const fits = context.pool.filter(
    (p) => p.awaiting && p.amount_cents === row.amount_cents && p.names.some((n) => sentBy(row.sender, n)),
  );
  const unique = [...new Map(fits.map((p) => [p.tryout_id, p])).values()];
  if (unique.length === 1) {
    return {
      list: 'proposed',
      view: { ...row, ...candidateOf(unique[0]!), candidates: [candidateOf(unique[0]!)] },
    };
  }
  if (unique.length > 1) return { list: 'ambiguous', view: { ...row, candidates: unique.map(candidateOf) } };
  return { list: 'unmatched', view: row };
}

function candidateOf(p: Payee): { tryout_id: string; player_name: string } {
  return { tryout_id: p.tryout_id, player_name: p.player_name };
}
