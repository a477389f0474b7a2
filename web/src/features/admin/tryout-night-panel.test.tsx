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

  it('ranks best first with the unscored last, flags players seen by fewer than two, and sets every result in one go', async () => {
    const { api, user } = await openPanel();
    const table = screen.getByRole('table', { name: '15U Boys players ranked by their scores' });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['2', '1', '3']);
    expect(within(body[1]!).getByText('Fewer than 2')).toBeInTheDocument();

    // Sam was Selected before; the admin picks Leo instead.
    await user.click(screen.getByLabelText('Select #1 Sam Lee'));
    await user.click(screen.getByLabelText('Select #2 Leo Okafor'));
    await user.click(screen.getByRole('button', { name: 'Set results: 1 Selected, 2 Not Selected' }));

    const sent = await Promise.all(
      callsTo(api, 'PATCH', /\/selection$/).map(async (c) => [c.path, (c.body as { result: string }).result]),
    );
    expect(sent.sort()).toEqual(
      [
        [`/api/admin/tryouts/${id(1)}/selection`, 'not_selected'],
        [`/api/admin/tryouts/${id(2)}/selection`, 'selected'],
        [`/api/admin/tryouts/${id(3)}/selection`, 'not_selected'],
      ].sort(),
    );
    expect(
      await within(toastRegion('success')).findByText('15U Boys: 1 Selected, 2 Not Selected (3 changed).'),
    ).toBeInTheDocument();
  });
});
