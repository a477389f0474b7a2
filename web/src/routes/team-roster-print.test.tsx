/**
 * The admin's printed roster (issue 45 §5): one line per player with where the team fee stands, in the
 * roster's words, a declined instalment (issue 46) among them.
 */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { RosterFeeState, TeamRoster, TeamRosterPlayer } from '@club/shared/teams';
import { onRoute } from '../test/route-mock';
import { server } from '../test/server';
import { TeamRosterPrintPage } from './team-roster-print';

const SEASON_ID = '44444444-4444-4444-8444-444444444444';
const TEAM_ID = `${SEASON_ID}.7c1d2e3f-4a55-4b2e-8d6f-1a3c4e5f8a7b`;

const player = (n: number, first_name: string, fee_state: RosterFeeState): TeamRosterPlayer => ({
  tryout_id: `${SEASON_ID}.00000000-0000-4000-8000-00000000000${n}`,
  tryout_number: n,
  first_name,
  last_name: 'Okafor',
  birth_year: 2010,
  guardians: [{ name: 'Grace Okafor', phone: '7805550142', email: 'grace@example.com' }],
  emergency_contact: { name: 'Ada Okafor', phone: '7805550199', relationship: 'other_family' },
  medical_notes: '',
  photo_consent: true,
  fee_state,
});

const ROSTER: TeamRoster = {
  team: {
    id: TEAM_ID,
    season_id: SEASON_ID,
    name: 'Sabres 15U Black',
    age_group: '15U Boys',
    capacity: 12,
    fee_cents: 35_000,
    coach_name: null,
    team_link: null,
    cash_accepted: true,
    placed: 6,
    alternates: 0,
    accepted: 6,
    offered: 0,
    created_at: '2026-09-01T15:00:00.000Z',
  },
  season_name: 'Fall 2026 Tryouts',
  source: 'accepted',
  players: [
    player(1, 'Amara', 'paid'),
    player(2, 'Leo', 'on_plan'),
    player(3, 'Mina', 'instalment_declined'),
    player(4, 'Noor', 'to_pay'),
    player(5, 'Olu', 'cash_due'),
    player(6, 'Pia', 'none'),
  ],
};

describe('the printed roster', () => {
  it('says where each player’s team fee stands, a declined instalment included', async () => {
    server.use(onRoute('getTeamRoster', () => ROSTER));
    render(
      <MemoryRouter initialEntries={[`/admin/teams/${TEAM_ID}/roster`]}>
        <Routes>
          <Route path="/admin/teams/:teamId/roster" element={<TeamRosterPrintPage />} />
        </Routes>
      </MemoryRouter>,
    );

    const table = await screen.findByRole('table', { name: 'Sabres 15U Black roster' });
    const feeOf = (first: string) =>
      within(within(table).getByText(`${first} Okafor`).closest('tr')!)
        .getAllByRole('cell')
        .at(-1)?.textContent;
    expect(['Amara', 'Leo', 'Mina', 'Noor', 'Olu', 'Pia'].map(feeOf)).toEqual([
      'Paid',
      'Paying in instalments',
      'Instalment declined',
      'To pay',
      'Cash due',
      'No fee',
    ]);
  });
});
