/**
 * A household's payments statement (issue 46 §3): this year's payments and refunds asked for when it opens,
 * each with its day, athlete, fee, amount and reference, the sums and the net; another year when chosen.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { todayInClubZone } from '@club/shared/dates';
import type { HouseholdStatement } from '@club/shared/money-ledger';
import { onRoute } from '../test/route-mock';
import { server } from '../test/server';
import { StatementPage } from './statement';

const thisYear = Number(todayInClubZone().slice(0, 4));

function statementOf(year: number): HouseholdStatement {
  return year === thisYear
    ? {
        year,
        entries: [
          {
            date: `${year}-03-02`,
            season_name: 'Fall 2026 Tryouts',
            child: 'Mina Quinn',
            fee: 'tryout',
            method: 'card',
            kind: 'payment',
            amount_cents: 4_500,
            reference: 'pi_test_mina',
          },
          {
            date: `${year}-03-09`,
            season_name: 'Fall 2026 Tryouts',
            child: 'Mina Quinn',
            fee: 'tryout',
            method: 'card',
            kind: 'refund',
            amount_cents: -1_500,
            reference: 're_test_mina',
          },
        ],
        paid_cents: 4_500,
        refunded_cents: 1_500,
        net_cents: 3_000,
      }
    : { year, entries: [], paid_cents: 0, refunded_cents: 0, net_cents: 0 };
}

describe('/dashboard/statement', () => {
  it('lists the year’s payments and refunds with the net, and another year when chosen', async () => {
    // Prepare
    const asked: string[] = [];
    server.use(
      onRoute('getHouseholdStatement', ({ request }) => {
        const year = new URL(request.url).searchParams.get('year')!;
        asked.push(year);
        return statementOf(Number(year));
      }),
    );
    const user = userEvent.setup();

    // Act
    render(<StatementPage />, { wrapper: MemoryRouter });

    // Assess
    const table = await screen.findByRole('table', { name: `Payments and refunds in ${thisYear}` });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      [`Mar 2, ${thisYear}`, 'Mina Quinn · Tryout fee, Fall 2026 Tryouts · Card', '$45.00', 'pi_test_mina'],
      [
        `Mar 9, ${thisYear}`,
        'Mina Quinn · Tryout fee, Fall 2026 Tryouts · Card · Refund',
        '-$15.00',
        're_test_mina',
      ],
      ['Paid', '$45.00', ''],
      ['Refunded', '-$15.00', ''],
      ['Net', '$30.00', ''],
    ]);

    // Act: last year, which had none.
    await user.selectOptions(screen.getByLabelText('Year'), String(thisYear - 1));

    // Assess
    expect(await screen.findByText(`No payments or refunds in ${thisYear - 1}.`)).toBeInTheDocument();
    expect(asked).toEqual([String(thisYear), String(thisYear - 1)]);
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
