/**
 * Issue 46 §2: POST /admin/payments/etransfer-import (the bank's CSV) and POST
 * /admin/payments/etransfer-rows/{rowId}/apply. A line with a family's code and exact amount pays it (a
 * receipt, one mail); the same file twice changes nothing; a line pays one registration at most; a short or
 * over amount is shown, not applied; a line without a code is only proposed until the admin applies it.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EtransferImportAnswer, EtransferRowView, MyTryout } from '@club/shared';
import { db, tableName } from '../../db/platform/client';
import { call } from '../../../test/api';
import { bankCsv, etransferFamily, etransferSeason, type BankLine } from '../../../test/etransfers';
import { mailsTo } from '../../../test/mailbox';
import { tableSnapshot, type TestPlayer } from '../../../test/players';

const importFile = (admin: TestPlayer, csv: string, contentType = 'text/csv; charset=utf-8') =>
  call('importEtransfers', { token: admin.token, body: csv, headers: { 'content-type': contentType } });

const listed = (answer: EtransferImportAnswer) =>
  Object.fromEntries(
    Object.entries(answer).map(([list, rows]) => [list, (rows as EtransferRowView[]).length]),
  );

async function scanAll(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

describe('POST /admin/payments/etransfer-import', () => {
  it('pays the family its line names, lists the duplicate and the unknown line, and changes nothing the second time', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const family = await etransferFamily(seasonId, { first_name: 'Jordan', last_name: 'Quinn' });
    const line: BankLine = {
      sender: 'QUINN, JORDAN',
      amount: '$45.00',
      message: `Tryouts ${family.reference.toLowerCase()}`,
    };
    const csv = bankCsv([line, line, { sender: 'Someone Else', amount: '$20.00', message: 'donation' }]);

    // Act
    const first = await importFile(admin, csv);
    const snapshot = await tableSnapshot();
    const second = await importFile(admin, csv);

    // Assess
    expect(first.status).toBe(200);
    const answer = first.body as unknown as EtransferImportAnswer;
    expect(listed(answer)).toEqual({
      matched: 1,
      already_applied: 0,
      proposed: 0,
      ambiguous: 1,
      unmatched: 1,
      amount_mismatch: 0,
    });
    expect(answer.matched[0]).toMatchObject({
      sender: 'QUINN, JORDAN',
      amount_cents: 4500,
      tryout_id: family.tryoutId,
      player_name: 'Jordan Quinn',
    });
    expect(answer.unmatched[0]).toMatchObject({ sender: 'Someone Else', amount_cents: 2000 });
    const mine = (await call('getMyTryout', { token: family.token })).body as unknown as MyTryout;
    expect(mine).toMatchObject({ payment_status: 'paid', amount_paid_cents: 4500, etransfer: null });
    expect((await call('getMyReceipt', { token: family.token })).status).toBe(200);
    expect(
      (await mailsTo(family.email)).filter((m) => m.subject.startsWith('e-Transfer received')),
    ).toHaveLength(1);
    // The same file again: the paid line is known, nothing is written, no second mail.
    expect(listed(second.body as unknown as EtransferImportAnswer)).toEqual({
      matched: 0,
      already_applied: 1,
      proposed: 0,
      ambiguous: 1,
      unmatched: 1,
      amount_mismatch: 0,
    });
    expect(await tableSnapshot()).toBe(snapshot);
    expect(
      (await mailsTo(family.email)).filter((m) => m.subject.startsWith('e-Transfer received')),
    ).toHaveLength(1);
  });

  it('shows a short and an over amount with the difference and applies neither', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const short = await etransferFamily(seasonId);
    const over = await etransferFamily(seasonId);
    const csv = bankCsv([
      { sender: 'A Family', amount: '40.00', message: short.reference },
      { sender: 'B Family', amount: '50.00', message: over.reference },
    ]);

    // Act
    const res = await importFile(admin, csv);

    // Assess
    const answer = res.body as unknown as EtransferImportAnswer;
    expect(answer.amount_mismatch.map((r) => [r.tryout_id, r.difference_cents])).toEqual([
      [short.tryoutId, -500],
      [over.tryoutId, 500],
    ]);
    expect(answer.matched).toEqual([]);
    for (const family of [short, over]) {
      const mine = (await call('getMyTryout', { token: family.token })).body as unknown as MyTryout;
      expect(mine.payment_status).toBe('awaiting_etransfer');
    }
  });

  it('proposes a line with no code by the sender’s name and amount, and pays only when the admin applies it', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const family = await etransferFamily(seasonId, { first_name: 'Amara', last_name: 'Okafor' });
    const res = await importFile(
      admin,
      bankCsv([{ sender: 'AMARA OKAFOR', amount: '$45.00', message: 'tryouts' }]),
    );
    const proposal = (res.body as unknown as EtransferImportAnswer).proposed[0]!;
    const before = (await call('getMyTryout', { token: family.token })).body as unknown as MyTryout;

    // Act
    const applied = await call('applyEtransferRow', {
      token: admin.token,
      params: { rowId: proposal.row_id },
      body: { tryout_id: family.tryoutId },
    });
    const again = await call('applyEtransferRow', {
      token: admin.token,
      params: { rowId: proposal.row_id },
      body: { tryout_id: family.tryoutId },
    });

    // Assess
    expect(proposal).toMatchObject({ tryout_id: family.tryoutId, player_name: 'Amara Okafor' });
    expect(before.payment_status).toBe('awaiting_etransfer');
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ row_id: proposal.row_id, tryout_id: family.tryoutId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This bank line was already applied to a registration.');
    const after = (await call('getMyTryout', { token: family.token })).body as unknown as MyTryout;
    expect(after.payment_status).toBe('paid');
  });

  it('pays every family when the bank’s reference column holds "N/A" or "-" on every line', async () => {
    // Prepare: a credit union's export with no reference of its own, a placeholder in its column.
    const { seasonId, admin } = await etransferSeason();
    const families = [
      await etransferFamily(seasonId, { first_name: 'Jordan', last_name: 'Quinn' }),
      await etransferFamily(seasonId, { first_name: 'Amara', last_name: 'Okafor' }),
      await etransferFamily(seasonId, { first_name: 'Lee', last_name: 'Park' }),
      await etransferFamily(seasonId, { first_name: 'Sam', last_name: 'Chen' }),
    ];
    const csv = bankCsv(
      families.map((f, i) => ({
        sender: `${f.user.last_name}, ${f.user.first_name}`,
        amount: '$45.00',
        message: `tryouts ${f.reference}`,
        reference: ['N/A', 'N/A', '-', '-'][i]!,
      })),
    );

    // Act
    const first = await importFile(admin, csv);
    const snapshot = await tableSnapshot();
    const second = await importFile(admin, csv);

    // Assess: four lines, four families paid; the same file again changes nothing.
    expect(first.status).toBe(200);
    const answer = first.body as unknown as EtransferImportAnswer;
    expect(listed(answer)).toMatchObject({ matched: 4, already_applied: 0 });
    expect(answer.matched.map((r) => r.tryout_id)).toEqual(families.map((f) => f.tryoutId));
    for (const family of families) {
      const mine = (await call('getMyTryout', { token: family.token })).body as unknown as MyTryout;
      expect(mine.payment_status).toBe('paid');
    }
    expect(listed(second.body as unknown as EtransferImportAnswer)).toMatchObject({
      matched: 0,
      already_applied: 4,
    });
    expect(await tableSnapshot()).toBe(snapshot);
  });

  it('pays two children with the one e-Transfer naming both codes for the sum, applies none a cent off, and changes nothing the second time', async () => {
    // Prepare: two households' pairs of children; one pays the sum exactly, the other a cent short.
    const { seasonId, admin } = await etransferSeason();
    const mina = await etransferFamily(seasonId, { first_name: 'Mina', last_name: 'Quinn' });
    const leo = await etransferFamily(seasonId, { first_name: 'Leo', last_name: 'Quinn' });
    const ada = await etransferFamily(seasonId, { first_name: 'Ada', last_name: 'Park' });
    const ben = await etransferFamily(seasonId, { first_name: 'Ben', last_name: 'Park' });
    const csv = bankCsv([
      {
        sender: 'QUINN, JORDAN',
        amount: '$90.00',
        message: `Mina ${mina.reference} Leo ${leo.reference.toLowerCase()}`,
      },
      { sender: 'PARK, LEE', amount: '$89.99', message: `${ada.reference} ${ben.reference}` },
    ]);

    // Act
    const first = await importFile(admin, csv);
    const snapshot = await tableSnapshot();
    const second = await importFile(admin, csv);

    // Assess
    expect(first.status).toBe(200);
    const answer = first.body as unknown as EtransferImportAnswer;
    expect(listed(answer)).toMatchObject({ matched: 1, amount_mismatch: 1 });
    expect(answer.matched[0]).toMatchObject({
      amount_cents: 9000,
      tryout_id: mina.tryoutId,
      tryout_ids: [mina.tryoutId, leo.tryoutId],
    });
    expect(answer.amount_mismatch[0]).toMatchObject({
      amount_cents: 8999,
      difference_cents: -1,
      candidates: [
        { tryout_id: ada.tryoutId, player_name: 'Ada Park' },
        { tryout_id: ben.tryoutId, player_name: 'Ben Park' },
      ],
    });
    const status = async (f: TestPlayer) =>
      ((await call('getMyTryout', { token: f.token })).body as unknown as MyTryout).payment_status;
    expect([await status(mina), await status(leo)]).toEqual(['paid', 'paid']);
    expect([await status(ada), await status(ben)]).toEqual(['awaiting_etransfer', 'awaiting_etransfer']);
    expect((await call('getMyReceipt', { token: leo.token })).status).toBe(200);
    expect(listed(second.body as unknown as EtransferImportAnswer)).toMatchObject({
      matched: 0,
      already_applied: 1,
      amount_mismatch: 1,
    });
    expect((second.body as unknown as EtransferImportAnswer).already_applied[0]).toMatchObject({
      tryout_ids: [mina.tryoutId, leo.tryoutId],
    });
    expect(await tableSnapshot()).toBe(snapshot);
  });

  it('refuses another type than text/csv, and a file over the limit with a message that says what to do', async () => {
    // Prepare
    const { admin } = await etransferSeason();
    const line = { sender: 'Someone Else', amount: '$20.00', message: 'x'.repeat(200) };
    const atLimit = bankCsv(Array.from({ length: 200 }, () => line));
    const overLimit = bankCsv(Array.from({ length: 240 }, () => line));

    // Act
    const json = await importFile(admin, bankCsv([line]), 'application/json');
    const under = await importFile(admin, atLimit);
    const tooLarge = await importFile(admin, overLimit);

    // Assess
    expect(Buffer.byteLength(atLimit)).toBeLessThanOrEqual(64 * 1024);
    expect(Buffer.byteLength(overLimit)).toBeGreaterThan(64 * 1024);
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Send the bank file as text/csv.');
    expect(under.status).toBe(200);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(
      'The bank file is too large: at most 64 KB (about 600 lines). Export a shorter date range.',
    );
  });
});

describe('whatever the bank’s lines (property)', () => {
  it('pays no registration twice, applies no line twice, and the total applied is the applied lines’ sum', async () => {
    const { seasonId, admin } = await etransferSeason();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            family: fc.integer({ min: 0, max: 2 }),
            kind: fc.constantFrom('exact', 'short', 'over', 'no-code', 'unknown'),
            copies: fc.integer({ min: 1, max: 3 }),
            day: fc.integer({ min: 1, max: 3 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 1_000 }),
        async (lines, seed) => {
          const families: Awaited<ReturnType<typeof etransferFamily>>[] = [];
          for (let i = 0; i < 3; i += 1) families.push(await etransferFamily(seasonId));
          const bank: BankLine[] = lines.flatMap((l) => {
            const f = families[l.family]!;
            const cents = { exact: 4500, short: 4000, over: 4600, 'no-code': 4500, unknown: 4500 }[l.kind];
            const message = { 'no-code': 'tryouts', unknown: 'ZZZZ2345' }[l.kind as string] ?? f.reference;
            const line = {
              date: `2026-09-0${l.day}`,
              sender: `${f.user.last_name}, ${f.user.first_name}`,
              amount: (cents / 100).toFixed(2),
              message,
            };
            return Array.from({ length: l.copies }, () => line);
          });
          // Shuffled by the seed, split in two files imported at the same moment, then the whole file again.
          const shuffled = bank
            .map((l, i) => ({ l, k: (i * 7919 + seed) % 104_729 }))
            .sort((a, b) => a.k - b.k)
            .map(({ l }) => l);
          const halves = [0, 1].map((h) => bankCsv(shuffled.filter((_, i) => i % 2 === h)));
          const answers = [
            ...(await Promise.all(halves.map((csv) => importFile(admin, csv)))),
            await importFile(admin, bankCsv(shuffled)),
          ];
          expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);

          const items = await scanAll();
          const ours = new Set(families.map((f) => f.tryoutId));
          const applied = items.filter(
            (i) => i.SK === 'ETROW' && i.state === 'applied' && ours.has(String(i.tryout_id)),
          );
          const paid = items.filter(
            (i) =>
              String(i.SK).startsWith('TRYOUT#') && ours.has(String(i.id)) && i.payment_status === 'paid',
          );
          const receipts = items.filter(
            (i) =>
              String(i.PK).startsWith('AUDIT#') &&
              i.action === 'etransfer_received' &&
              ours.has(String(i.tryout_id)),
          );
          // No registration paid twice: one audit entry each; each paid one names a different line.
          expect(receipts.length).toBe(paid.length);
          expect(new Set(paid.map((p) => p.etransfer_row_id)).size).toBe(paid.length);
          // No line applied twice, each to a registration that is paid.
          expect(applied.length).toBe(paid.length);
          expect(new Set(applied.map((a) => a.tryout_id)).size).toBe(applied.length);
          // What was applied adds up: the lines' amounts are the registrations' amounts.
          const sum = (xs: Record<string, unknown>[]) => xs.reduce((s, x) => s + Number(x.amount_cents), 0);
          expect(sum(applied)).toBe(sum(paid));
          // Every family whose exact line came is paid; every other one still awaits.
          const exact = new Set(
            lines.filter((l) => l.kind === 'exact').map((l) => families[l.family]!.tryoutId),
          );
          expect(new Set(paid.map((p) => String(p.id)))).toEqual(exact);
          // The answers together matched each paid registration once.
          const matched = answers.flatMap((a) => (a.body as unknown as EtransferImportAnswer).matched);
          expect(matched.length).toBe(paid.length);
        },
      ),
      { numRuns: 8 },
    );
  }, 240_000);
});
