/**
 * The money bench's data (issue 46), planned without the stack so it is tested on its own: the mix of a
 * season's payments (what the treasurer's view must add up to), the e-Transfer reference codes, and the
 * bank's CSV file (lines paying by code, lines without one, lines nobody sent for) cut into the parts the
 * API takes (its request limit, 64 KB: about 600 lines).
 */
import { ETRANSFER_REFERENCE_ALPHABET } from '@club/shared';

/** Every bench registration's tryout fee. */
export const BENCH_FEE_CENTS = 4_500;

export type BenchMethod = 'card' | 'cash' | 'etransfer';

export interface MoneyEntry {
  method: BenchMethod;
  /** Paid (card paid, cash collected, e-Transfer received) or still owed. */
  paid: boolean;
  /** Money given back, in full or half; only of a paid one. */
  refundCents: number;
}

/**
 * Registration `i` of a money season, by its last digit: 0–4 card (all paid), 5 cash collected, 6 cash still
 * owed, 7–8 e-Transfer received, 9 e-Transfer awaited. Refunded, by its last two digits: 00 a card payment in
 * full, 10 half a card payment, 05 cash, 07 an e-Transfer.
 */
export function moneyEntry(i: number): MoneyEntry {
  const digit = i % 10;
  const method: BenchMethod = digit < 5 ? 'card' : digit < 7 ? 'cash' : 'etransfer';
  const paid = digit !== 6 && digit !== 9;
  const pair = i % 100;
  const refundCents =
    pair === 0 || pair === 5 || pair === 7 ? BENCH_FEE_CENTS : pair === 10 ? BENCH_FEE_CENTS / 2 : 0;
  return { method, paid, refundCents };
}

export interface ExpectedMoney {
  collected_cents: number;
  outstanding_cents: number;
  refunded_cents: number;
  /** Lines of the money CSV: one per payment and one per refund. */
  payments: number;
  refunds: number;
}

/** What the treasurer's view of a season of `count` such registrations must say. */
export function expectedMoney(count: number): ExpectedMoney {
  const expected: ExpectedMoney = {
    collected_cents: 0,
    outstanding_cents: 0,
    refunded_cents: 0,
    payments: 0,
    refunds: 0,
  };
  for (let i = 0; i < count; i += 1) {
    const entry = moneyEntry(i);
    if (!entry.paid) {
      expected.outstanding_cents += BENCH_FEE_CENTS;
      continue;
    }
    expected.collected_cents += BENCH_FEE_CENTS;
    expected.payments += 1;
    if (entry.refundCents > 0) {
      expected.refunded_cents += entry.refundCents;
      expected.refunds += 1;
    }
  }
  return expected;
}

const CODE_SPACE = 32 ** 8;
/** An odd multiplier: n ↦ n × it mod 32⁸ is one-to-one, so every n has its own code. */
const SPREAD = 2_654_435_761;

/** A reference code of the e-Transfer alphabet, one per `n` (below 2³⁰), not in order of `n`. */
export function referenceCode(n: number): string {
  // Split so each product stays an exact integer: (hi·2²⁰ + lo)·SPREAD mod 2⁴⁰.
  const hi = Math.floor(n / 2 ** 20);
  const lo = n % 2 ** 20;
  let value = (((hi * SPREAD) % 2 ** 20) * 2 ** 20 + lo * SPREAD) % CODE_SPACE;
  let code = '';
  for (let i = 0; i < 8; i += 1) {
    code = ETRANSFER_REFERENCE_ALPHABET[value % 32]! + code;
    value = Math.floor(value / 32);
  }
  return code;
}

/** A family name of letters only, one per `n` (names with digits count as one word less when matching). */
export function letterName(n: number): string {
  let letters = '';
  let rest = n;
  do {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return `Ben${letters}`;
}

/** A registration awaiting an e-Transfer, as the bank file is written for it. */
export interface Payee {
  code: string;
  first_name: string;
  last_name: string;
}

export interface BankLine {
  date: string;
  amount_cents: number;
  sender: string;
  message: string;
  /** The bank's own reference of the line. */
  reference: string;
  /** What the import must make of it. */
  expect: 'matched' | 'proposed' | 'unmatched';
}

/**
 * The bank's file for `payees`: the first `byCode` send with their code in the message, the next `noCode`
 * forget it (their guardian's name and the exact amount: a proposal for the admin), and `unknown` lines
 * nobody registered for (half an unknown code, half a stranger's name). Interleaved, as days mix them.
 */
export function bankLines(
  payees: readonly Payee[],
  counts: { byCode: number; noCode: number; unknown: number },
): BankLine[] {
  if (payees.length < counts.byCode + counts.noCode) throw new Error('Not enough payees for the file');
  const groups: BankLine[][] = [[], [], []];
  const line = (n: number, fields: Omit<BankLine, 'date' | 'reference' | 'amount_cents'>): BankLine => ({
    date: `2026-09-${String(1 + (n % 28)).padStart(2, '0')}`,
    amount_cents: BENCH_FEE_CENTS,
    reference: `CA${String(100_000_000 + n)}`,
    ...fields,
  });
  let n = 0;
  for (const p of payees.slice(0, counts.byCode)) {
    groups[0]!.push(
      line(n++, {
        sender: `${p.first_name} ${p.last_name}`,
        message: `Tryout fee ${p.code}`,
        expect: 'matched',
      }),
    );
  }
  for (const p of payees.slice(counts.byCode, counts.byCode + counts.noCode)) {
    groups[1]!.push(
      line(n++, {
        sender: `${p.last_name.toUpperCase()}, ${p.first_name.toUpperCase()}`,
        message: `Tryout fee for ${p.first_name}`,
        expect: 'proposed',
      }),
    );
  }
  for (let k = 0; k < counts.unknown; k += 1) {
    groups[2]!.push(
      line(n++, {
        sender: `Morgan ${letterName(100_000 + k)}`,
        message: k % 2 === 0 ? `Tryout fee ${referenceCode(1_000_000 + k)}` : 'Basketball',
        expect: 'unmatched',
      }),
    );
  }
  // Round robin over the three groups, so each part of the file holds some of each.
  const lines: BankLine[] = [];
  for (let i = 0; lines.length < n; i += 1) {
    for (const group of groups) if (group[i]) lines.push(group[i]!);
  }
  return lines;
}

const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export const BANK_HEADER = 'Date,Amount,Sender,Message,Reference number';

/** The lines as the bank exports them (CRLF, amounts in dollars, quoted where a field holds a comma). */
export function bankCsvLines(lines: readonly BankLine[]): string[] {
  return lines.map((l) =>
    [l.date, (l.amount_cents / 100).toFixed(2), l.sender, l.message, l.reference].map(csvField).join(','),
  );
}

/**
 * The file cut into parts of at most `maxBytes` each (UTF-8), each with the header, every line in exactly
 * one part, in order: what a treasurer exports as shorter date ranges when the whole is too large.
 */
export function bankFileParts(header: string, lines: readonly string[], maxBytes: number): string[] {
  const parts: string[] = [];
  const head = `${header}\r\n`;
  let current = head;
  let bytes = Buffer.byteLength(head);
  let count = 0;
  for (const line of lines) {
    const next = `${line}\r\n`;
    const size = Buffer.byteLength(next);
    if (bytes + size > maxBytes) {
      if (count === 0) throw new Error('A single line is larger than a part');
      parts.push(current);
      current = head;
      bytes = Buffer.byteLength(head);
      count = 0;
    }
    current += next;
    bytes += size;
    count += 1;
  }
  if (count > 0) parts.push(current);
  return parts;
}
