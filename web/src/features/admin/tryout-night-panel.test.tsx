/**
 * Issue 37: the admin prepares tryout night. Helpers are invited with the shared rules (an evaluator needs
 * groups); the rankings are sorted best first and set results in one go: Selected for the ticked rows, Not
 * Selected for the rest.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RankingsAnswer, SeasonHelper } from '@club/shared/tryout-night';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { callsTo, renderAdminWithRows, serveAdmin, toastRegion } from './test-api';
import { anAdminSeason, aRow, SEASON_ID } from './test-data';

const id = (n: number) => `${SEASON_ID}.00000000-0000-4000-8000-00000000000${n}`;

const RANKED: RankingsAnswer = {
  age_group: '15U Boys',
  criteria: [{ key: 'shooting', label: 'Shooting' }],
  scale_max: 5,
  rows: [
    {
      id: id(2),
      tryout_number: 2,
      first_name: 'Leo',
      last_name: 'Okafor',
      age_group: '15U Boys',
      division: 'boys',
      attended: true,
      result: '',
      evaluators: ['Alex Harsh', 'Blair Kind'],
      means: { shooting: 4.5 },
      overall: 1.1,
      average: 4.5,
      rank: 1,
      notes: [
        { evaluator: 'Blair Kind', criterion: 'Shooting', note: 'Quick release, finishes with both hands' },
      ],
      few_evaluators: false,
    },
    {
      id: id(1),
      tryout_number: 1,
      first_name: 'Sam',
      last_name: 'Lee',
      age_group: '15U Boys',
      division: 'boys',
      attended: true,
      result: 'selected',
      evaluators: ['Alex Harsh'],
      means: { shooting: 2 },
      overall: -0.7,
      average: 2,
      rank: 2,
      notes: [],
      few_evaluators: true,
    },
    {
      id: id(3),
      tryout_number: 3,
      first_name: 'Ari',
      last_name: 'Ng',
      age_group: '15U Boys',
      division: 'boys',
      attended: false,
      result: '',
      evaluators: [],
      means: { shooting: null },
      overall: null,
      average: null,
      rank: null,
      notes: [],
      few_evaluators: true,
    },
  ],
};

async function openPanel(helpers: SeasonHelper[] = []) {
  const api = serveAdmin({
    seasons: [anAdminSeason({ age_groups: ['15U Boys', '15U Girls'] })],
    rows: [aRow()],
  });
  server.use(
    onRoute('listHelpers', () => helpers),
    onRoute('getCriteria', () => ({ criteria: RANKED.criteria, scale_max: 5 })),
    onRoute('getRankings', () => RANKED),
    onRoute('setSelection', async ({ params }) => aRow({ id: String(params.id) })),
  );
  const rendered = await renderAdminWithRows();
  await rendered.user.click(screen.getByText('Tryout night: helpers, scoring and rankings'));
  await screen.findByRole('table', { name: '15U Boys players ranked by their scores' });
  return { api, ...rendered };
}

describe('tryout night in the admin area (issue 37)', () => {
  it('asks for the groups an evaluator scores before sending anything', async () => {
    const { api, user } = await openPanel();

    await user.type(screen.getByLabelText('Helper’s e-mail'), 'coach@example.test');
    await user.click(screen.getByLabelText('Evaluator (scores some age groups)'));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(screen.getByText('Choose the age groups this evaluator scores.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/helpers`)).toHaveLength(0);
  });

  it('ranks best first with the unscored last, flags players seen by fewer than two, and sets the results it said it would', async () => {
    const { api, user } = await openPanel();
    const table = screen.getByRole('table', { name: '15U Boys players ranked by their scores' });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['2', '1', '3']);
    expect(within(body[1]!).getByText('Fewer than 2')).toBeInTheDocument();
    const readsBefore = callsTo(api, 'GET', /\/rankings\?/).length;

    // Sam was Selected before; the admin picks Leo instead. Ari was not there and not scored.
    await user.click(screen.getByLabelText('Select #1 Sam Lee'));
    await user.click(screen.getByLabelText('Select #2 Leo Okafor'));
    await user.click(screen.getByRole('button', { name: 'Set results…' }));

    // Nothing changes before the admin confirms what the screen says it will do.
    const confirm = screen.getByRole('group', { name: 'Confirm the results' });
    expect(confirm).toHaveTextContent('15U Boys: 1 Selected, 1 Not Selected (2 changes).');
    expect(confirm).toHaveTextContent('#3 Ari Ng (not checked in, not scored)');
    expect(callsTo(api, 'PATCH', /\/selection$/)).toHaveLength(0);
    await user.click(
      within(confirm).getByRole('button', { name: 'Set results: 1 Selected, 1 Not Selected' }),
    );

    const sent = await Promise.all(
      callsTo(api, 'PATCH', /\/selection$/).map(async (c) => [c.path, (c.body as { result: string }).result]),
    );
    expect(sent.sort()).toEqual(
      [
        [`/api/admin/tryouts/${id(1)}/selection`, 'not_selected'],
        [`/api/admin/tryouts/${id(2)}/selection`, 'selected'],
      ].sort(),
    );
    expect(
      await within(toastRegion('success')).findByText('15U Boys: 1 Selected, 1 Not Selected (2 changed).'),
    ).toBeInTheDocument();
    // The table is read again: it shows what the server now holds.
    expect(callsTo(api, 'GET', /\/rankings\?/).length).toBe(readsBefore + 1);
  });

  it('shows the overall on the criteria’s scale with the rank beside it, the Result, and each player’s notes', async () => {
    await openPanel();
    const table = screen.getByRole('table', { name: '15U Boys players ranked by their scores' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Select', '#', 'Player', 'Result', 'Overall (1–5)', 'Shooting', 'Seen by']);
    const leo = within(table).getAllByRole('row')[1]!;
    const cells = within(leo)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[3]).toBe('Pending');
    expect(cells[4]).toBe('4.50 Rank 1');
    expect(within(leo).getByText('1 note')).toBeInTheDocument();
    expect(leo).toHaveTextContent('Blair Kind (Shooting): Quick release, finishes with both hands');
  });
});
