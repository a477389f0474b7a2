/**
 * Issue 45 §2: the admin's Teams screen. A team's placed players and its alternates in order; up and down send
 * the whole new order; a new team is checked with the shared rules before it is sent; a refusal from the
 * server (a team with players cannot be deleted) is shown as the server says it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RankingsAnswer } from '@club/shared/tryout-night';
import type { TeamWithPlayers } from '@club/shared/teams';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { callsTo, renderAdminWithRows, serveAdmin, toastRegion } from './test-api';
import { aRow, SEASON_ID, tryoutId } from './test-data';

const TEAM_ID = `${SEASON_ID}.7c1d2e3f-4a55-4b2e-8d6f-1a3c4e5f8a7b`;

const player = (n: number, first: string, kind: 'placed' | 'alternate', rank: number | null = null) => ({
  tryout_id: tryoutId(n),
  tryout_number: n,
  first_name: first,
  last_name: 'Tester',
  kind,
  rank,
});

function aTeam(overrides: Partial<TeamWithPlayers> = {}): TeamWithPlayers {
  return {
    id: TEAM_ID,
    season_id: SEASON_ID,
    name: 'Sabres 15U Black',
    age_group: '15U Boys',
    capacity: 12,
    fee_cents: 35000,
    coach_name: 'Jordan Coach',
    team_link: null,
    cash_accepted: true,
    placed: 1,
    alternates: 2,
    accepted: 0,
    offered: 0,
    created_at: '2025-09-01T15:00:00.000Z',
    placed_players: [player(1, 'Leo', 'placed')],
    alternate_players: [player(2, 'Sam', 'alternate', 1), player(3, 'Ari', 'alternate', 2)],
    ...overrides,
  };
}

async function openTeams(team = aTeam()) {
  const api = serveAdmin({
    rows: [
      aRow({ id: tryoutId(1), tryout_number: 1, first_name: 'Leo', age_group: '15U Boys' }),
      aRow({ id: tryoutId(2), tryout_number: 2, first_name: 'Sam', age_group: '15U Boys' }),
      aRow({ id: tryoutId(3), tryout_number: 3, first_name: 'Ari', age_group: '15U Boys' }),
      aRow({ id: tryoutId(4), tryout_number: 4, first_name: 'Kai', age_group: '15U Boys' }),
      aRow({ id: tryoutId(5), tryout_number: 5, first_name: 'Maya', age_group: '15U Girls' }),
    ],
  });
  server.use(onRoute('listTeams', () => [team]));
  const rendered = await renderAdminWithRows();
  await rendered.user.click(screen.getByText('Teams: placements, alternates and rosters'));
  const card = await screen.findByRole('article', { name: 'Sabres 15U Black' });
  return { api, card, ...rendered };
}

describe('the Teams screen (issue 45)', () => {
  it('shows a team’s placed players and its alternates in order, and moves an alternate up', async () => {
    // Prepare
    const { api, card, user } = await openTeams();
    server.use(
      onRoute('setTeamAlternates', () =>
        aTeam({ alternate_players: [player(3, 'Ari', 'alternate', 1), player(2, 'Sam', 'alternate', 2)] }),
      ),
    );
    expect(card).toHaveTextContent(
      '15U Boys · 1 of 12 placed · 2 alternates · fee $350.00 · coach Jordan Coach',
    );
    const placed = within(card).getByRole('region', { name: 'Sabres 15U Black: placed players' });
    expect(
      within(placed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('#1 Leo Tester')]);

    // Act
    await user.click(within(card).getByRole('button', { name: 'Move #3 Ari Tester up' }));

    // Assess
    expect(callsTo(api, 'PUT', `/api/admin/teams/${TEAM_ID}/alternates`).map((c) => c.body)).toEqual([
      { tryout_ids: [tryoutId(3), tryoutId(2)] },
    ]);
    const alternates = within(card).getByRole('region', { name: 'Sabres 15U Black: alternates in order' });
    await waitFor(() =>
      expect(
        within(alternates)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('1. #3 Ari Tester'), expect.stringContaining('2. #2 Sam Tester')]),
    );
    expect(within(card).getByRole('button', { name: 'Move #3 Ari Tester up' })).toBeDisabled();
  });

  it('places a player of the team’s age group who is on no list, keeping the ones placed', async () => {
    const { api, card, user } = await openTeams();
    server.use(onRoute('setTeamPlacements', () => aTeam()));
    const picker = within(card).getByLabelText('Add a 15U Boys player');
    // Only #4: #1–#3 are on the team's lists, #5 plays 15U Girls.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a player…', '#4 Kai Okafor']);

    await user.selectOptions(picker, tryoutId(4));
    await user.click(within(card).getByRole('button', { name: 'Place' }));

    expect(callsTo(api, 'PUT', `/api/admin/teams/${TEAM_ID}/placements`).map((c) => c.body)).toEqual([
      { tryout_ids: [tryoutId(1), tryoutId(4)] },
    ]);
  });

  it('checks a new team with the shared rules before sending it, then adds it', async () => {
    const { api, user } = await openTeams();
    server.use(
      onRoute(
        'createTeam',
        () =>
          aTeam({
            id: `${SEASON_ID}.0c1d2e3f-4a55-4b2e-8d6f-1a3c4e5f8a7b`,
            name: 'Sabres 15U Red',
            placed: 0,
            alternates: 0,
          }),
        { status: 201 },
      ),
    );
    const form = screen.getByRole('button', { name: 'Add team' }).closest('form')!;

    await user.type(within(form).getByLabelText('Team name'), 'Sabres 15U Red');
    await user.clear(within(form).getByLabelText('Players it holds'));
    await user.type(within(form).getByLabelText('Players it holds'), '31');
    await user.click(within(form).getByRole('button', { name: 'Add team' }));
    expect(within(form).getByText('A team holds between 1 and 30 players.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/teams`)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Players it holds'));
    await user.type(within(form).getByLabelText('Players it holds'), '10');
    await user.clear(within(form).getByLabelText('Team fee ($)'));
    await user.type(within(form).getByLabelText('Team fee ($)'), '275.50');
    await user.click(within(form).getByRole('button', { name: 'Add team' }));

    expect(callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/teams`).map((c) => c.body)).toEqual([
      {
        name: 'Sabres 15U Red',
        age_group: '13U Boys',
        capacity: 10,
        fee_cents: 27550,
        coach_name: '',
        team_link: '',
        cash_accepted: true,
      },
    ]);
    expect(await screen.findByRole('article', { name: 'Sabres 15U Red' })).toBeInTheDocument();
  });

  it('shows the server’s refusal when a team with players is deleted', async () => {
    const { card, user } = await openTeams();
    server.use(
      onRoute(
        'deleteTeam',
        () =>
          ({ message: 'Move every placed player and alternate off this team before deleting it.' }) as never,
        { status: 409 },
      ),
    );

    await user.click(within(card).getByRole('button', { name: 'Delete team' }));

    expect(
      await within(toastRegion('error')).findByText(
        'Move every placed player and alternate off this team before deleting it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Sabres 15U Black' })).toBeInTheDocument();
  });
});

describe('placing from the rankings (issue 45)', () => {
  it('places a ranked player on a team of their group, keeping the team’s others', async () => {
    // Prepare
    const api = serveAdmin({ rows: [aRow({ id: tryoutId(4), tryout_number: 4, age_group: '15U Boys' })] });
    server.use(
      onRoute('listHelpers', () => []),
      onRoute('getCriteria', () => ({ criteria: [{ key: 'shooting', label: 'Shooting' }], scale_max: 5 })),
      onRoute('getRankings', (): RankingsAnswer => ({
        age_group: '15U Boys',
        criteria: [{ key: 'shooting', label: 'Shooting' }],
        scale_max: 5,
        rows: [
          {
            id: tryoutId(4),
            tryout_number: 4,
            first_name: 'Kai',
            last_name: 'Okafor',
            age_group: '15U Boys',
            division: 'boys',
            attended: true,
            result: '',
            evaluators: ['Alex Harsh', 'Blair Kind'],
            means: { shooting: 4 },
            overall: 1,
            average: 4,
            rank: 1,
            notes: [],
            few_evaluators: false,
          },
        ],
      })),
      onRoute('listTeams', () => [aTeam()]),
      onRoute('setTeamPlacements', () =>
        aTeam({ placed: 2, placed_players: [player(1, 'Leo', 'placed'), player(4, 'Kai', 'placed')] }),
      ),
    );
    const { user } = await renderAdminWithRows();
    await user.click(screen.getByText('Tryout night: helpers, scoring and rankings'));
    await screen.findByRole('table', { name: /players ranked by their scores/ });

    // Act
    await user.click(screen.getByLabelText('Place players on teams'));
    const picker = await screen.findByRole('combobox', { name: 'Place #4 Kai Okafor on a team' });
    await user.selectOptions(picker, `placed|${TEAM_ID}`);

    // Assess
    expect(callsTo(api, 'PUT', `/api/admin/teams/${TEAM_ID}/placements`).map((c) => c.body)).toEqual([
      { tryout_ids: [tryoutId(1), tryoutId(4)] },
    ]);
    expect(await screen.findByText('On Sabres 15U Black')).toBeInTheDocument();
  });
});

describe('a team fee in instalments (issue 46)', () => {
  // The club's day is November 28, 2026: due dates are checked against it before they are sent.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T18:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const newTeamForm = () => screen.getByRole('button', { name: 'Add team' }).closest('form')!;

  it('offers 1 to 4 instalments and 0 to 3 retries, and sends the plan with the new team', async () => {
    // Prepare
    const { api, user } = await openTeams();
    server.use(
      onRoute(
        'createTeam',
        () => aTeam({ id: `${SEASON_ID}.0c1d2e3f-4a55-4b2e-8d6f-1a3c4e5f8a7c`, name: 'Sabres 15U Red' }),
        { status: 201 },
      ),
    );
    const form = newTeamForm();
    const count = within(form).getByLabelText('Pay in instalments');
    expect(
      within(count)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 (paid in full)', '2', '3', '4']);
    // Paid in full: no dates and no retries to set.
    expect(within(form).queryByLabelText('Instalment 2 due')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Retries after a decline')).not.toBeInTheDocument();

    // Act
    await user.type(within(form).getByLabelText('Team name'), 'Sabres 15U Red');
    await user.clear(within(form).getByLabelText('Team fee ($)'));
    await user.type(within(form).getByLabelText('Team fee ($)'), '350');
    await user.selectOptions(count, '3');
    const retries = within(form).getByLabelText('Retries after a decline');
    expect(
      within(retries)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2', '3']);
    expect(retries).toHaveValue('1');
    expect(within(form).queryByLabelText('Instalment 4 due')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Instalment 2 due'), '2026-12-15');
    await user.type(within(form).getByLabelText('Instalment 3 due'), '2027-01-15');
    await user.selectOptions(retries, '2');
    await user.click(within(form).getByRole('button', { name: 'Add team' }));

    // Assess
    expect(callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/teams`).map((c) => c.body)).toEqual([
      {
        name: 'Sabres 15U Red',
        age_group: '13U Boys',
        capacity: 12,
        fee_cents: 35000,
        coach_name: '',
        team_link: '',
        cash_accepted: true,
        instalment_due_dates: ['2026-12-15', '2027-01-15'],
        instalment_retries: 2,
      },
    ]);
  });

  it('says what is wrong with the dates, as the shared rules word it, and sends nothing', async () => {
    const { api, user } = await openTeams();
    const form = newTeamForm();
    await user.type(within(form).getByLabelText('Team name'), 'Sabres 15U Red');
    await user.selectOptions(within(form).getByLabelText('Pay in instalments'), '4');

    // Out of order.
    await user.type(within(form).getByLabelText('Instalment 2 due'), '2027-01-15');
    await user.type(within(form).getByLabelText('Instalment 3 due'), '2026-12-15');
    await user.type(within(form).getByLabelText('Instalment 4 due'), '2027-02-15');
    await user.click(within(form).getByRole('button', { name: 'Add team' }));
    expect(
      within(form).getByText('Each instalment’s due date must come after the one before.'),
    ).toBeVisible();
    expect(within(form).getByLabelText('Instalment 3 due')).toHaveAttribute('aria-invalid', 'true');

    // The day before the club's today is past; today itself is not (both sides of the limit).
    await user.clear(within(form).getByLabelText('Instalment 2 due'));
    await user.type(within(form).getByLabelText('Instalment 2 due'), '2026-11-27');
    await user.clear(within(form).getByLabelText('Instalment 3 due'));
    await user.type(within(form).getByLabelText('Instalment 3 due'), '2026-12-15');
    await user.click(within(form).getByRole('button', { name: 'Add team' }));
    expect(within(form).getByText('An instalment’s due date cannot be in the past.')).toBeVisible();
    expect(callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/teams`)).toHaveLength(0);

    server.use(
      onRoute(
        'createTeam',
        () => aTeam({ id: `${SEASON_ID}.0c1d2e3f-4a55-4b2e-8d6f-1a3c4e5f8a7c`, name: 'Sabres 15U Red' }),
        { status: 201 },
      ),
    );
    await user.clear(within(form).getByLabelText('Instalment 2 due'));
    await user.type(within(form).getByLabelText('Instalment 2 due'), '2026-11-28');
    await user.click(within(form).getByRole('button', { name: 'Add team' }));
    expect(
      callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/teams`).map(
        (c) => (c.body as { instalment_due_dates: string[] }).instalment_due_dates,
      ),
    ).toEqual([['2026-11-28', '2026-12-15', '2027-02-15']]);
  });

  it('shows the server’s refusal of a plan as the server words it', async () => {
    const { user } = await openTeams();
    server.use(
      onRoute('createTeam', () => ({ message: 'An instalment’s due date cannot be in the past.' }) as never, {
        status: 400,
      }),
    );
    const form = newTeamForm();
    await user.type(within(form).getByLabelText('Team name'), 'Sabres 15U Red');
    await user.selectOptions(within(form).getByLabelText('Pay in instalments'), '2');
    await user.type(within(form).getByLabelText('Instalment 2 due'), '2026-12-15');

    await user.click(within(form).getByRole('button', { name: 'Add team' }));

    expect(
      await within(toastRegion('error')).findByText('An instalment’s due date cannot be in the past.'),
    ).toBeInTheDocument();
  });

  it('opens a team’s plan with its dates, and paying in full again clears them', async () => {
    // Prepare
    const planned = aTeam({ instalment_due_dates: ['2026-12-15', '2027-01-15'], instalment_retries: 3 });
    const { api, card, user } = await openTeams(planned);
    server.use(onRoute('updateTeam', () => aTeam({ instalment_due_dates: [], instalment_retries: 3 })));
    expect(card).toHaveTextContent('fee $350.00 in 3 instalments · coach Jordan Coach');

    // Act
    await user.click(within(card).getByRole('button', { name: 'Edit team' }));
    expect(within(card).getByLabelText('Pay in instalments')).toHaveValue('3');
    expect(within(card).getByLabelText('Instalment 2 due')).toHaveValue('2026-12-15');
    expect(within(card).getByLabelText('Instalment 3 due')).toHaveValue('2027-01-15');
    expect(within(card).getByLabelText('Retries after a decline')).toHaveValue('3');
    await user.selectOptions(within(card).getByLabelText('Pay in instalments'), '1');
    await user.click(within(card).getByRole('button', { name: 'Save team' }));

    // Assess
    expect(
      callsTo(api, 'PATCH', `/api/admin/teams/${TEAM_ID}`).map(
        (c) => (c.body as { instalment_due_dates?: string[] }).instalment_due_dates,
      ),
    ).toEqual([[]]);
    await waitFor(() => expect(card).toHaveTextContent('fee $350.00 · coach Jordan Coach'));
  });
});
