import { describe, expect, it } from 'vitest';
import { referencesIn } from '@club/shared';
import {
  BANK_HEADER,
  bankCsvLines,
  bankFileParts,
  bankLines,
  expectedMoney,
  letterName,
  moneyEntry,
  referenceCode,
  type Payee,
} from './money-plan';

describe('moneyEntry', () => {
  it('pays by card, cash and e-Transfer by the last digit, and owes on 6 (cash) and 9 (e-Transfer)', () => {
    expect([0, 4, 5, 6, 7, 8, 9].map((i) => [moneyEntry(i + 20).method, moneyEntry(i + 20).paid])).toEqual([
      ['card', true],
      ['card', true],
      ['cash', true],
      ['cash', false],
      ['etransfer', true],
      ['etransfer', true],
      ['etransfer', false],
    ]);
  });

  it('refunds in full on 00, 05, 07 and half on 10 of the last two digits, nothing else', () => {
    expect([100, 105, 107, 110, 101, 106, 109, 111].map((i) => moneyEntry(i).refundCents)).toEqual([
      4500, 4500, 4500, 2250, 0, 0, 0, 0,
    ]);
  });
});

describe('expectedMoney', () => {
  it('adds up a season of 2,000: 1,600 paid, 400 owed, 80 refunds of $3,150.00 in all', () => {
    expect(expectedMoney(2000)).toEqual({
      collected_cents: 7_200_000,
      outstanding_cents: 1_800_000,
      refunded_cents: 315_000,
      payments: 1600,
      refunds: 80,
    });
  });

  it('counts one registration: the first is a card payment refunded in full', () => {
    expect(expectedMoney(1)).toEqual({
      collected_cents: 4500,
      outstanding_cents: 0,
      refunded_cents: 4500,
      payments: 1,
      refunds: 1,
    });
  });
});

describe('referenceCode', () => {
  it('gives each number its own code of the e-Transfer alphabet, eight long', () => {
    const codes = [...Array.from({ length: 3000 }, (_, n) => n), 1_000_000, 1_000_199].map(referenceCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
  });

  it('is the same code for the same number', () => {
    expect(referenceCode(1234)).toBe(referenceCode(1234));
  });
});

describe('letterName', () => {
  it('is letters only and different for every number', () => {
    const names = Array.from({ length: 2000 }, (_, n) => letterName(n));
    expect(new Set(names).size).toBe(2000);
    for (const name of names) expect(name).toMatch(/^Ben[a-z]+$/);
  });
});

const payees: Payee[] = Array.from({ length: 1800 }, (_, n) => ({
  code: referenceCode(n),
  first_name: 'Avery',
  last_name: letterName(n),
}));

describe('bankLines', () => {
  const lines = bankLines(payees, { byCode: 1500, noCode: 300, unknown: 200 });

  it('writes 1,500 lines with a payee’s code, 300 without one, 200 nobody’s, each of the fee', () => {
    expect(lines).toHaveLength(2000);
    expect(lines.filter((l) => l.expect === 'matched')).toHaveLength(1500);
    expect(lines.filter((l) => l.expect === 'proposed')).toHaveLength(300);
    expect(lines.filter((l) => l.expect === 'unmatched')).toHaveLength(200);
    expect(new Set(lines.map((l) => l.amount_cents))).toEqual(new Set([4500]));
    expect(new Set(lines.map((l) => l.reference)).size).toBe(2000);
  });

  it('names the payee’s own code in a matched line, no code in a proposed one, an unknown one or none else', () => {
    const codes = new Set(payees.map((p) => p.code));
    for (const line of lines) {
      const found = referencesIn(line.message);
      if (line.expect === 'matched') expect(found.length === 1 && codes.has(found[0]!)).toBe(true);
      if (line.expect === 'proposed') expect(found).toEqual([]);
      if (line.expect === 'unmatched') expect(found.every((c) => !codes.has(c))).toBe(true);
    }
  });

  it('mixes the kinds from the start of the file', () => {
    expect(lines.slice(0, 3).map((l) => l.expect)).toEqual(['matched', 'proposed', 'unmatched']);
  });

  it('refuses more lines than payees', () => {
    expect(() => bankLines(payees.slice(0, 10), { byCode: 8, noCode: 3, unknown: 0 })).toThrow();
  });
});

describe('bankFileParts', () => {
  const lines = bankCsvLines(bankLines(payees, { byCode: 1500, noCode: 300, unknown: 200 }));

  it('makes a 2,000-line file larger than the API’s 64 KB', () => {
    const whole = [BANK_HEADER, ...lines].join('\r\n');
    expect(Buffer.byteLength(whole)).toBeGreaterThan(64 * 1024);
  });

  it('cuts it into parts of at most 64 KB, each with the header, every line once and in order', () => {
    const parts = bankFileParts(BANK_HEADER, lines, 64 * 1024);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(64 * 1024);
      expect(part.startsWith(`${BANK_HEADER}\r\n`)).toBe(true);
    }
    const back = parts.flatMap((p) => p.split('\r\n').slice(1, -1));
    expect(back).toEqual(lines);
  });

  it('keeps a part at exactly the limit and starts another one byte over it', () => {
    // Header "h" (3 bytes with CRLF) and lines "aa" (4 bytes each): 3 + 4 + 4 = 11.
    expect(bankFileParts('h', ['aa', 'aa'], 11)).toEqual(['h\r\naa\r\naa\r\n']);
    expect(bankFileParts('h', ['aa', 'aa'], 10)).toEqual(['h\r\naa\r\n', 'h\r\naa\r\n']);
  });

  it('quotes a sender with a comma, as a bank does', () => {
    const [line] = bankCsvLines([
      {
        date: '2026-09-01',
        amount_cents: 4500,
        sender: 'BENA, AVERY',
        message: 'x',
        reference: 'CA1',
        expect: 'proposed',
      },
    ]);
    expect(line).toBe('2026-09-01,45.00,"BENA, AVERY",x,CA1');
  });
});
