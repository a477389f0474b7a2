/**
 * The Money fold of the admin's season (issue 46 §3): read when opened, each fee and method's figures in
 * dollars with the totals (— where Stripe reported no fee), the net kept, and a plain message when it fails.
 */
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SeasonMoneyView } from '@club/shared/money-ledger';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { renderAdminWithRows, serveAdmin } from './test-api';
import { anAdminSeason, aRow, SEASON_ID } from './test-data';

const figures = {
  disputed_cents: 0,
  refunded_cents: 0,
  stripe_fee_cents: null,
};

const money: SeasonMoneyView = {
  season_id: SEASON_ID,
  season_name: 'Fall 2026 Tryouts',
  lines: [
    {
      fee: 'tryout',
      method: 'card',
      ...figures,
      expected_cents: 9_000,
      collected_cents: 9_000,
      outstanding_cents: 0,
      refunded_cents: 1_500,
      stripe_fee_cents: 322,
      count: 2,
    },
    {
      fee: 'team',
      method: 'instalments',
      ...figures,
      expected_cents: 75_000,
      collected_cents: 25_000,
      outstanding_cents: 50_000,
      count: 1,
    },
  ],
  totals: {
    expected_cents: 84_000,
    collected_cents: 34_000,
    outstanding_cents: 50_000,
    refunded_cents: 1_500,
    disputed_cents: 0,
    stripe_fee_cents: 322,
    count: 3,
  },
};

async function openMoney(answer: () => SeasonMoneyView | Response) {
  serveAdmin({ seasons: [anAdminSeason()], rows: [aRow()] });
  server.use(onRoute('getSeasonMoney', answer));
  const rendered = await renderAdminWithRows();
  await rendered.user.click(screen.getByText('Money', { selector: 'summary' }));
  return rendered;
}

describe('the Money fold (issue 46)', () => {
  it('shows each fee and method, the totals and what the club kept after refunds', async () => {
    await openMoney(() => money);

    // Within the fold: a role query of the whole admin page is slow on a busy machine.
    const fold = screen.getByText('Money', { selector: 'summary' }).closest('details')!;
    const table = await within(fold).findByRole('table', {
      name: 'Money of Fall 2026 Tryouts, by fee and payment method',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Tryout fee', 'Card', '2', '$90.00', '$90.00', '$0.00', '$15.00', '$0.00', '$3.22'],
      ['Team fee', 'Instalment plan', '1', '$750.00', '$250.00', '$500.00', '$0.00', '$0.00', '—'],
      ['Total', '3', '$840.00', '$340.00', '$500.00', '$15.00', '$0.00', '$3.22'],
    ]);
    expect(within(fold).getByText('Kept after refunds: $325.00')).toBeInTheDocument();
  });

  it('says so when the money could not be read', async () => {
    await openMoney(() => HttpResponse.json({ message: 'Season not found.' }, { status: 404 }));

    const message = await screen.findByText('The season’s money could not be loaded. Try again.');
    expect(message).toHaveAttribute('role', 'alert');
  });
});
