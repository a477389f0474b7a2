/**
 * /tryout for a family (issue 42): "Add another child" on the family form itself. The new child starts with a
 * brother's or sister's surname and emergency contact, and comes back onto the form ticked, beside what was
 * already chosen, without a reload.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Athlete, HouseholdTryout } from '@club/shared/types';
import { SessionContext } from '../lib/session-context';
import { onRoute } from '../test/route-mock';
import { server } from '../test/server';
import { aSeason } from '../features/tryouts/test-data';
import TryoutPage from './tryout';

const ME = '11111111-1111-4111-8111-111111111111';
const child = (id: string, first_name: string, date_of_birth: string, division: Athlete['division']) => ({
  id,
  first_name,
  last_name: 'Quinn',
  date_of_birth,
  emergency_contact_name: 'Robin Quinn',
  emergency_contact_phone: '780-555-0199',
  emergency_contact_email: 'robin@example.test',
  emergency_contact_relationship: 'parent' as const,
  parent_consent: true,
  division,
});
const mina = child('22222222-2222-4222-8222-222222222222', 'Mina', '2011-03-09', 'girls');
const leo = child('33333333-3333-4333-8333-333333333333', 'Leo', '2012-05-01', 'boys');
const ADA = '44444444-4444-4444-8444-444444444444';

const notRegistered = (athlete_id: string): HouseholdTryout => ({
  athlete_id,
  hasRegistered: false,
  season: 'Fall 2025 Tryouts',
  tryout_number: null,
  result: '',
  payment_method: null,
  payment_status: null,
  teamsnap_link: null,
  age_group: null,
});

/** A parent with Mina and Leo, nobody registered; the season's fee $45.00, the sibling fee $30.00. */
function serveFamily() {
  let athletes: Athlete[] = [mina, leo];
  const added: unknown[] = [];
  server.use(
    http.get('/api/seasons/active', () =>
      HttpResponse.json(aSeason({ tryout_fee_cents: 4500, sibling_fee_cents: 3000, reference_year: 2025 })),
    ),
    http.get('/api/tryouts/my', () => HttpResponse.json({ message: 'Not registered.' }, { status: 404 })),
    onRoute('getHousehold', () => ({ guardians: [], athletes })),
    onRoute('getHouseholdTryouts', () => athletes.map((a) => notRegistered(a.id))),
    onRoute(
      'addAthlete',
      async ({ request }) => {
        const body = (await request.json()) as Omit<Athlete, 'id'>;
        added.push(body);
        const athlete = { ...body, id: ADA };
        athletes = [...athletes, athlete];
        return athlete;
      },
      { status: 201 },
    ),
  );
  return added;
}

function renderTryout() {
  const router = createMemoryRouter([{ path: '/tryout', element: <TryoutPage /> }], {
    initialEntries: ['/tryout'],
  });
  render(
    <SessionContext.Provider
      value={{
        user: { id: ME, first_name: 'Robin', last_name: 'Quinn', email: 'r@example.test', is_admin: false },
        ready: true,
        logout: async () => {},
      }}
    >
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return userEvent.setup();
}

describe('Add another child on the family form (issue 42)', () => {
  it('copies the surname and emergency contact, and brings the new child back ticked, Mina still ticked', async () => {
    // Prepare: Mina ticked
    const added = serveFamily();
    const user = renderTryout();
    await user.click(await screen.findByLabelText('Mina Quinn'));

    // Act
    await user.click(screen.getByRole('button', { name: 'Add another child' }));

    // Assess: Leo's surname and emergency contact; the family form out of the way
    expect(screen.getByRole('heading', { name: 'Another child' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Last name')).toHaveValue('Quinn');
    expect(screen.getByLabelText('Contact name')).toHaveValue('Robin Quinn');
    expect(screen.getByLabelText('Contact phone')).toHaveValue('780-555-0199');
    expect(screen.getByLabelText('Contact email')).toHaveValue('robin@example.test');
    expect(screen.queryByRole('button', { name: 'Register for Tryouts' })).not.toBeInTheDocument();

    // Act: Ada, born 2012, girls' teams
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Date of birth'), '2012-02-02');
    await user.click(screen.getByRole('radio', { name: 'Girls’ teams' }));
    await user.click(
      screen.getByLabelText(
        'I am the parent or guardian of this athlete and I consent to their registration.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Add to the form' }));

    // Assess: back on the form, Ada ticked at the sibling fee, Mina as she was
    expect(await screen.findByLabelText('Ada Quinn')).toBeChecked();
    expect(screen.getByLabelText('Mina Quinn')).toBeChecked();
    expect(screen.getByLabelText('Leo Quinn')).not.toBeChecked();
    expect(screen.getByText('Mina: $45.00')).toBeInTheDocument();
    expect(screen.getByText('Ada: $30.00 (sibling fee)')).toBeInTheDocument();
    expect(screen.getByText('Total: $75.00')).toBeInTheDocument();
    expect(added).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Quinn',
        date_of_birth: '2012-02-02',
        emergency_contact_name: 'Robin Quinn',
        emergency_contact_phone: '780-555-0199',
        emergency_contact_email: 'robin@example.test',
        emergency_contact_relationship: 'parent',
        parent_consent: true,
        division: 'girls',
      },
    ]);
  }, 30_000);
});
