/**
 * Issue 45 §1 on the admin's season screen: each age group's capacity and the spot hold, checked before they
 * are sent, and each limited group's spots taken and waitlist (position, name, since, spot held until).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WaitlistAnswer } from '@club/shared/waitlist';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { callsTo, renderAdminWithRows, serveAdmin } from './test-api';
import { anAdminSeason, aRow, SEASON_ID } from './test-data';

const waitlist: WaitlistAnswer = {
  spot_hold_hours: 24,
  groups: [
    {
      age_group: '15U Boys',
      capacity: 2,
      taken: 2,
      waitlist: [
        {
          position: 1,
          name: 'Mina Quinn',
          since: '2026-11-20T17:00:00.000Z',
          spot_held_until: '2026-11-29T16:30:00.000Z',
        },
        { position: 2, name: 'Leo Park', since: '2026-11-21T17:00:00.000Z', spot_held_until: null },
      ],
    },
  ],
};

async function openCapacity() {
  const api = serveAdmin({
    seasons: [anAdminSeason({ age_groups: ['15U Boys', '15U Girls'], capacities: { '15U Boys': 2 } })],
    rows: [aRow()],
  });
  server.use(onRoute('getSeasonWaitlist', () => waitlist));
  const rendered = await renderAdminWithRows();
  await rendered.user.click(screen.getByText('Capacity and waitlist'));
  return { api, ...rendered };
}

describe('capacity and waitlist on the season screen (issue 45)', () => {
  it('shows each group’s capacity, spots taken and its waitlist in order, with the spot held until', async () => {
    await openCapacity();

    expect(screen.getByLabelText('15U Boys capacity')).toHaveValue('2');
    expect(screen.getByLabelText('15U Girls capacity')).toHaveValue('');
    const group = await screen.findByRole('region', { name: '15U Boys' });
    expect(within(group).getByText('15U Boys: 2 of 2 taken · 2 on the waitlist')).toBeInTheDocument();
    const rows = within(group).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'Mina Quinn', 'Friday, November 20 at 10:00 a.m.', 'Sunday, November 29 at 9:30 a.m.'],
      ['2', 'Leo Park', 'Saturday, November 21 at 10:00 a.m.', '—'],
    ]);
  });

  it('refuses a capacity of 0 with the rule and sends nothing; saves 1 and an empty group as no limit', async () => {
    const { api, user } = await openCapacity();
    const field = screen.getByLabelText('15U Boys capacity');

    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save capacity' }));

    expect(
      screen.getByText('A capacity must be a whole number of players from 1 to 1000.'),
    ).toBeInTheDocument();
    expect(callsTo(api, 'PATCH', `/api/admin/seasons/${SEASON_ID}`)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '1');
    await user.click(screen.getByRole('button', { name: 'Save capacity' }));

    const sent = callsTo(api, 'PATCH', `/api/admin/seasons/${SEASON_ID}`);
    expect(sent.map((c) => c.body)).toEqual([{ capacities: { '15U Boys': 1 }, spot_hold_hours: 24 }]);
  });
});
