/**
 * Issue 46 §3: the treasurer's view agrees with the bank's file. After an import, the e-Transfer line's
 * collected is the sum of the applied rows' amounts, and a line not applied (a proposal, a short amount,
 * nobody's) counts for nothing.
 */
import { describe, expect, it } from 'vitest';
import type { EtransferImportAnswer, SeasonMoneyView } from '@club/shared';
import { call } from '../../../test/api';
import { ok } from '../../../test/builders';
import { bankCsv, etransferFamily, etransferSeason } from '../../../test/etransfers';

describe('GET /admin/seasons/{id}/money after an e-Transfer import', () => {
  it('collects by e-Transfer exactly the sum of the rows the import applied', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const paid = [await etransferFamily(seasonId), await etransferFamily(seasonId)];
    const short = await etransferFamily(seasonId);
    const csv = bankCsv([
      { sender: 'First Family', amount: '$45.00', message: paid[0]!.reference },
      { sender: 'Second Family', amount: '$45.00', message: `tryout ${paid[1]!.reference}` },
      { sender: 'Third Family', amount: '$40.00', message: short.reference },
      { sender: 'Someone Else', amount: '$20.00', message: 'donation' },
    ]);

    // Act
    const imported = (
      await ok('importEtransfers', {
        token: admin.token,
        body: csv,
        headers: { 'content-type': 'text/csv' },
      })
    ).body as unknown as EtransferImportAnswer;
    const res = await call('getSeasonMoney', { token: admin.token, params: { id: seasonId } });

    // Assess
    expect(imported.matched.map((r) => r.amount_cents)).toEqual([4500, 4500]);
    expect(res.status).toBe(200);
    const money = res.body as unknown as SeasonMoneyView;
    const line = money.lines.find((l) => l.fee === 'tryout' && l.method === 'etransfer')!;
    expect(line.collected_cents).toBe(9000);
    expect(line.collected_cents).toBe(imported.matched.reduce((sum, r) => sum + r.amount_cents, 0));
    expect(line.outstanding_cents).toBe(4500);
  });
});
