/**
 * Issue 46 §2: reading a Canadian bank's e-Transfer CSV (a byte-order mark, CRLF, a quoted comma in a name,
 * headers by the bank's own names) and deciding what each line is, with no table.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankCsv } from '../../../test/etransfers';
import { centsOf, classify, readBankFile, type Payee } from './etransfer-matching';

const jordan: Payee = {
  tryout_id: 's1.p1',
  player_name: 'Mina Quinn',
  reference: 'K7P2XM9Q',
  amount_cents: 4500,
  names: ['Jordan Quinn', 'Mina Quinn'],
  awaiting: true,
};
const none = { applied: null, byCode: () => null, pool: [] };
const row = (over: Partial<Parameters<typeof classify>[0]> = {}) => ({
  row_id: 'r1',
  date: '2026-09-04',
  sender: 'QUINN, JORDAN',
  amount_cents: 4500,
  message: '',
  ...over,
});

describe('reading the bank file', () => {
  it('reads a bank’s export with a BOM, CRLF, quoted fields and a comma inside a name', () => {
    // Prepare
    const csv = bankCsv([
      { sender: 'QUINN, JORDAN', amount: '$45.00', message: 'Tryouts Mina k7p2xm9q', reference: 'CA1mXq7T' },
      { sender: 'Lee "Sam" Park', amount: '1,250.50', message: 'fees, team' },
    ]);

    // Act
    const rows = readBankFile(csv);

    // Assess
    expect(rows).toEqual([
      {
        row_id: 'CA1mXq7T',
        date: '2026-09-04',
        sender: 'QUINN, JORDAN',
        amount_cents: 4500,
        message: 'Tryouts Mina k7p2xm9q',
      },
      {
        row_id: expect.stringMatching(/^[0-9a-f]{64}$/),
        date: '2026-09-04',
        sender: 'Lee "Sam" Park',
        amount_cents: 125_050,
        message: 'fees, team',
      },
    ]);
  });

  it('finds the columns by another bank’s names, leaves out debits, and gives two identical lines two ids', () => {
    // Prepare: a chequing account export, LF line ends, no reference column.
    const csv = [
      'Transaction Date,Description,Withdrawals,Funds In,From,Memo',
      '2026/9/4,INTERAC E-TRANSFER,,45.00,Amara Okafor,ABCD2345',
      '2026/9/4,INTERAC E-TRANSFER,,45.00,Amara Okafor,ABCD2345',
      '2026/9/5,SERVICE CHARGE,1.50,,,',
    ].join('\n');

    // Act
    const rows = readBankFile(csv);

    // Assess
    expect(rows.map((r) => [r.date, r.sender, r.amount_cents, r.message])).toEqual([
      ['2026-09-04', 'Amara Okafor', 4500, 'ABCD2345'],
      ['2026-09-04', 'Amara Okafor', 4500, 'ABCD2345'],
    ]);
    expect(rows[0]!.row_id).not.toBe(rows[1]!.row_id);
    expect(readBankFile(csv).map((r) => r.row_id)).toEqual(rows.map((r) => r.row_id));
  });

  it('gives each line its own id when the reference column holds a placeholder or one reference twice', () => {
    // Prepare: a credit union's export whose reference column is "N/A", "-" or blank, and a copied reference.
    const csv = bankCsv([
      { sender: 'Jordan Quinn', amount: '$45.00', message: 'K7P2XM9Q', reference: 'N/A' },
      { sender: 'Amara Okafor', amount: '$45.00', message: 'ABCD2345', reference: 'N/A' },
      { sender: 'Lee Park', amount: '$45.00', message: 'EFGH6789', reference: '-' },
      { sender: 'Sam Chen', amount: '$45.00', message: 'JKLM2345', reference: '-' },
      { sender: 'Ana Ruiz', amount: '$45.00', message: 'NPQR2345', reference: 'n/a' },
      { sender: 'Bo Li', amount: '$45.00', message: 'STUV2345', reference: '0000' },
      { sender: 'Kim Wu', amount: '$45.00', message: 'WXYZ2345', reference: 'CA9xQ2' },
      { sender: 'Dee Roy', amount: '$45.00', message: 'WXYZ3456', reference: 'CA9xQ2' },
      { sender: 'Max Orr', amount: '$45.00', message: 'WXYZ4567', reference: 'CA7mT3' },
    ]);

    // Act
    const ids = readBankFile(csv).map((r) => r.row_id);

    // Assess: nine lines, nine ids; only the reference that is the line's own is used as its id.
    expect(new Set(ids).size).toBe(9);
    expect(ids.slice(0, 8).every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
    expect(ids[8]).toBe('CA7mT3');
    expect(readBankFile(csv).map((r) => r.row_id)).toEqual(ids);
  });

  it('refuses a file without a date, an amount or a sender column, with a message that says so', () => {
    expect(() => readBankFile('Date,Amount\n2026-09-04,45.00\n')).toThrow(
      'The file needs a date, an amount and a sender (or name) column. Check that it is your bank’s e-Transfer CSV export.',
    );
    expect(() => readBankFile('  ')).toThrow('Choose the bank’s CSV file to import.');
    expect(() => readBankFile('Date,Sender,Amount\n"2026-09-04,Ann,45\n')).toThrow(
      'This file could not be read as a CSV. Export it from your bank as CSV and try again.',
    );
  });

  it('reads amounts as banks write them, to the cent', () => {
    expect(
      ['$45.00', '45', '45.5', '1,250.05', '45.00 CAD', '(45.00)', '-45.00', 'n/a'].map(centsOf),
    ).toEqual([4500, 4500, 4550, 125_005, 4500, -4500, -4500, null]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const text = `$${Math.floor(cents / 100).toLocaleString('en-CA')}.${String(cents % 100).padStart(2, '0')}`;
        return centsOf(text) === cents;
      }),
    );
  });
});

describe('what a line is', () => {
  it('matches a line with the code (any case, anywhere in the message) and the exact amount', () => {
    const byCode = (code: string) => (code === 'K7P2XM9Q' ? jordan : null);
    expect(classify(row({ message: 'Mina tryouts - k7p2xm9q' }), { ...none, byCode })).toEqual({
      list: 'matched',
      payee: jordan,
    });
  });

  it('shows a short or over amount with its difference, and does not apply it', () => {
    const byCode = () => jordan;
    expect(classify(row({ message: 'K7P2XM9Q', amount_cents: 4000 }), { ...none, byCode })).toMatchObject({
      list: 'amount_mismatch',
      view: { tryout_id: 's1.p1', player_name: 'Mina Quinn', difference_cents: -500 },
    });
    expect(classify(row({ message: 'K7P2XM9Q', amount_cents: 4501 }), { ...none, byCode })).toMatchObject({
      list: 'amount_mismatch',
      view: { difference_cents: 1 },
    });
  });

  it('proposes the one registration the sender’s name and amount fit when there is no code', () => {
    expect(classify(row(), { ...none, pool: [jordan] })).toMatchObject({
      list: 'proposed',
      view: { tryout_id: 's1.p1', player_name: 'Mina Quinn' },
    });
    // Another amount, or a name that is not the family's: nothing fits.
    expect(classify(row({ amount_cents: 3000 }), { ...none, pool: [jordan] }).list).toBe('unmatched');
    expect(classify(row({ sender: 'J QUINN' }), { ...none, pool: [jordan] }).list).toBe('unmatched');
  });

  it('calls a line ambiguous when two registrations fit, or its code’s registration is paid already', () => {
    const sibling = { ...jordan, tryout_id: 's1.p2', player_name: 'Leo Quinn', names: ['Jordan Quinn'] };
    expect(classify(row(), { ...none, pool: [jordan, sibling] })).toMatchObject({
      list: 'ambiguous',
      view: { candidates: [{ tryout_id: 's1.p1' }, { tryout_id: 's1.p2' }] },
    });
    const paid = { ...jordan, awaiting: false };
    const again = classify(row({ message: 'K7P2XM9Q' }), { ...none, byCode: () => paid });
    // Whose code it named, and nothing to apply it to (it would pay twice).
    expect(again).toEqual({
      list: 'ambiguous',
      view: { ...row({ message: 'K7P2XM9Q' }), tryout_id: 's1.p1', player_name: 'Mina Quinn' },
    });
  });

  it('pays two children with one line naming both codes when their amounts add up exactly, and none a cent off', () => {
    // Prepare: a household's one transfer for Mina ($45.00) and Leo ($30.00).
    const leo: Payee = {
      ...jordan,
      tryout_id: 's1.p2',
      player_name: 'Leo Quinn',
      reference: 'ABCD2345',
      amount_cents: 3000,
    };
    const byCode = (code: string) => ({ K7P2XM9Q: jordan, ABCD2345: leo })[code] ?? null;
    const message = 'Mina K7P2XM9Q and Leo abcd2345';

    // Act
    const exact = classify(row({ message, amount_cents: 7500 }), { ...none, byCode });
    const short = classify(row({ message, amount_cents: 7499 }), { ...none, byCode });
    const over = classify(row({ message, amount_cents: 7501 }), { ...none, byCode });
    const onePaid = classify(row({ message, amount_cents: 7500 }), {
      ...none,
      byCode: (code: string) => ({ K7P2XM9Q: jordan, ABCD2345: { ...leo, awaiting: false } })[code] ?? null,
    });

    // Assess
    expect(exact).toEqual({ list: 'matched', payee: jordan, payees: [jordan, leo] });
    const both = [
      { tryout_id: 's1.p1', player_name: 'Mina Quinn' },
      { tryout_id: 's1.p2', player_name: 'Leo Quinn' },
    ];
    expect(short).toMatchObject({
      list: 'amount_mismatch',
      view: { candidates: both, difference_cents: -1 },
    });
    expect(over).toMatchObject({ list: 'amount_mismatch', view: { candidates: both, difference_cents: 1 } });
    expect(onePaid).toMatchObject({ list: 'ambiguous', view: { candidates: both } });
  });

  it('knows a line applied before, whatever it says', () => {
    expect(
      classify(row({ message: 'K7P2XM9Q' }), {
        ...none,
        applied: { tryout_id: 's1.p1' },
        byCode: () => jordan,
      }),
    ).toMatchObject({ list: 'already_applied', view: { tryout_id: 's1.p1' } });
  });
});
