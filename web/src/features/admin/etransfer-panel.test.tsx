/**
 * The e-Transfers fold (issue 46 §2): only where the season takes e-Transfer; the bank's file sent as
 * text/csv; the answer's lists with short and over amounts shown, and Apply on a proposal.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EtransferImportAnswer } from '@club/shared/etransfer';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { renderAdminWithRows, serveAdmin } from './test-api';
import { anAdminSeason, aRow } from './test-data';

const CSV = 'Date,Sender Name,Amount,Message\r\n2026-09-04,"QUINN, JORDAN",$45.00,K7P2XM9Q\r\n';

const line = { date: '2026-09-04', sender: 'QUINN, JORDAN', amount_cents: 4500, message: 'K7P2XM9Q' };
const answer: EtransferImportAnswer = {
  matched: [{ ...line, row_id: 'r1', tryout_id: 's.p1', player_name: 'Mina Quinn' }],
  already_applied: [],
  proposed: [
    {
      ...line,
      row_id: 'r2',
      sender: 'AMARA OKAFOR',
      message: 'tryouts',
      tryout_id: 's.p2',
      player_name: 'Amara Okafor',
      candidates: [{ tryout_id: 's.p2', player_name: 'Amara Okafor' }],
    },
  ],
  ambiguous: [],
  unmatched: [],
  amount_mismatch: [
    {
      ...line,
      row_id: 'r3',
      amount_cents: 4000,
      tryout_id: 's.p3',
      player_name: 'Leo Park',
      difference_cents: -500,
    },
  ],
};

async function openFold(etransfer = true) {
  const api = serveAdmin({
    seasons: [
      anAdminSeason(etransfer ? { etransfer: { enabled: true, address: 'treasurer@summit.test' } } : {}),
    ],
    rows: [aRow()],
  });
  const rendered = await renderAdminWithRows();
  return { api, ...rendered };
}

describe('the e-Transfers fold (issue 46)', () => {
  it('imports the bank’s file as text/csv, lists what became of each line and applies a proposal', async () => {
    // Prepare
    const sent: Array<{ type: string | null; text: string }> = [];
    const applied: unknown[] = [];
    const { user } = await openFold();
    server.use(
      onRoute('importEtransfers', async ({ request }) => {
        sent.push({ type: request.headers.get('content-type'), text: await request.text() });
        return answer;
      }),
      onRoute('applyEtransferRow', async ({ request }) => {
        applied.push(await request.json());
        return { ...answer.proposed[0]! };
      }),
    );
    await user.click(screen.getByText('e-Transfers', { selector: 'summary' }));
    const fold = within(screen.getByText('e-Transfers', { selector: 'summary' }).closest('details')!);

    // Act
    await user.upload(
      fold.getByLabelText('Bank file (CSV)'),
      new File([CSV], 'bank.csv', { type: 'text/csv' }),
    );
    await user.click(fold.getByRole('button', { name: 'Import' }));
    await fold.findByRole('region', { name: 'Matched and paid' });
    await user.click(fold.getByRole('button', { name: 'Apply to Amara Okafor' }));

    // Assess
    expect(sent).toEqual([{ type: 'text/csv; charset=utf-8', text: CSV }]);
    expect(
      within(fold.getByRole('region', { name: 'Matched and paid' })).getByText('for Mina Quinn'),
    ).toBeInTheDocument();
    const short = fold.getByRole('region', { name: 'Amount short or over (not applied)' });
    expect(within(short).getByText('$5.00 short')).toBeInTheDocument();
    expect(within(short).queryByRole('button')).not.toBeInTheDocument();
    expect(await fold.findByText('Applied to Amara Okafor')).toBeInTheDocument();
    expect(applied).toEqual([{ tryout_id: 's.p2' }]);
    expect(fold.queryByRole('button', { name: 'Apply to Amara Okafor' })).not.toBeInTheDocument();
  });

  it('refreshes the registrations table after an import and after an Apply: a paid row no longer offers Mark received', async () => {
    // Prepare
    const awaiting = (id: string, n: number, first: string) => ({
      ...aRow({ id, tryout_number: n, first_name: first, last_name: 'Quinn' }),
      payment_method: 'etransfer' as const,
      payment_status: 'awaiting_etransfer' as const,
      amount_paid_cents: 0,
      amount_due_cents: 4500,
    });
    const paid = (row: ReturnType<typeof awaiting>) => ({
      ...row,
      payment_status: 'paid' as const,
      amount_paid_cents: 4500,
      amount_due_cents: 0,
    });
    const mina = awaiting('s.p1', 1, 'Mina');
    const amara = awaiting('s.p2', 2, 'Amara');
    const api = serveAdmin({
      seasons: [anAdminSeason({ etransfer: { enabled: true, address: 'treasurer@summit.test' } })],
      rows: [mina, amara],
    });
    const { user } = await renderAdminWithRows();
    const seasonId = Object.keys(api.rows)[0]!;
    server.use(
      onRoute('importEtransfers', () => {
        api.rows[seasonId] = [paid(mina), amara];
        return answer;
      }),
      onRoute('applyEtransferRow', () => {
        api.rows[seasonId] = [paid(mina), paid(amara)];
        return { ...answer.proposed[0]! };
      }),
    );
    const markMina = { name: /Mark e-Transfer received: .*Mina Quinn/ };
    const markAmara = { name: /Mark e-Transfer received: .*Amara Quinn/ };
    expect(screen.getByRole('button', markMina)).toBeInTheDocument();
    expect(screen.getByRole('button', markAmara)).toBeInTheDocument();
    await user.click(screen.getByText('e-Transfers', { selector: 'summary' }));
    const fold = within(screen.getByText('e-Transfers', { selector: 'summary' }).closest('details')!);

    // Act
    await user.upload(
      fold.getByLabelText('Bank file (CSV)'),
      new File([CSV], 'bank.csv', { type: 'text/csv' }),
    );
    await user.click(fold.getByRole('button', { name: 'Import' }));
    await fold.findByRole('region', { name: 'Matched and paid' });
    await waitFor(() => expect(screen.queryByRole('button', markMina)).not.toBeInTheDocument());
    // Amara's line is only proposed: her row still offers Mark received until the admin applies it.
    await screen.findByRole('button', markAmara);
    await user.click(fold.getByRole('button', { name: 'Apply to Amara Okafor' }));

    // Assess
    await waitFor(() => expect(screen.queryByRole('button', markAmara)).not.toBeInTheDocument());
  });

  it('is not there for a season that does not take e-Transfer', async () => {
    await openFold(false);

    expect(screen.queryByText('e-Transfers', { selector: 'summary' })).not.toBeInTheDocument();
  });
});
