import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Athlete, HouseholdTryout } from '@club/shared/types';
import { SessionContext } from '../../lib/session-context';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { aSeason } from './test-data';
import { TryoutRegistration } from './tryout-registration';

const ME = '11111111-1111-4111-8111-111111111111';
const athlete = (id: string, first_name: string, date_of_birth: string): Athlete => ({
  id,
  first_name,
  last_name: 'Quinn',
  date_of_birth,
  emergency_contact_name: 'Robin Quinn',
  emergency_contact_phone: '780-555-0199',
  emergency_contact_email: 'robin@example.test',
  emergency_contact_relationship: 'parent',
  parent_consent: true,
});
const own = athlete(ME, 'Jordan', '1984-01-01');
const mina = athlete('22222222-2222-4222-8222-222222222222', 'Mina', '2011-03-09');
const leo = athlete('33333333-3333-4333-8333-333333333333', 'Leo', '2012-05-01');

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

/** /tryout for a family: a $45.00 fee and a $30.00 sibling fee, nobody registered yet. */
function serveFamily() {
  const sent: unknown[] = [];
  server.use(
    http.get('/api/seasons/active', () =>
      HttpResponse.json(aSeason({ tryout_fee_cents: 4500, sibling_fee_cents: 3000, reference_year: 2025 })),
    ),
    http.get('/api/tryouts/my', () => HttpResponse.json({ message: 'Not registered.' }, { status: 404 })),
    onRoute('getHousehold', () => ({ guardians: [], athletes: [own, mina, leo] })),
    onRoute('getHouseholdTryouts', () => [own, mina, leo].map((a) => notRegistered(a.id))),
    http.post('/api/tryouts/register', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ tryout: notRegistered(mina.id) }, { status: 201 });
    }),
  );
  return sent;
}

function renderTryout() {
  const router = createMemoryRouter(
    [
      { path: '/tryout', element: <TryoutRegistration /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries: ['/tryout'] },
  );
  render(
    <SessionContext.Provider
      value={{
        user: { id: ME, first_name: 'Jordan', last_name: 'Quinn', email: 'j@example.test', is_admin: false },
        ready: true,
        logout: async () => {},
      }}
    >
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return { router, user: userEvent.setup() };
}

describe('the family tryout form (issue 17)', () => {
  it('offers each ticked athlete only the groups its birth year allows, with the sibling fee in the total', async () => {
    // Prepare
    const sent = serveFamily();
    const { router, user } = renderTryout();

    // Act: Mina and Leo.
    await user.click(await screen.findByLabelText('Mina Quinn'));
    await user.click(screen.getByLabelText('Leo Quinn'));

    // Assess: Mina, born 2011, cannot be offered 13U Boys; Leo, born 2012, can.
    const minaGroups = within(screen.getByLabelText('Age group for Mina')).getAllByRole('option');
    expect(minaGroups.map((o) => o.textContent)).not.toContain('13U Boys');
    expect(minaGroups.map((o) => o.textContent)).toContain('15U Girls');
    expect(
      within(screen.getByLabelText('Age group for Leo'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('13U Boys');
    expect(screen.getByText('Mina: $45.00')).toBeInTheDocument();
    expect(screen.getByText('Leo: $30.00 (sibling fee)')).toBeInTheDocument();
    expect(screen.getByText('Total: $75.00')).toBeInTheDocument();

    // Act: a missing group first, then both.
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose who is trying out, an age group for each, and how to pay.',
    );
    expect(sent).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Age group for Mina'), '15U Girls');
    await user.selectOptions(screen.getByLabelText('Age group for Leo'), '13U Boys');
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Cash (pay on tryout day)' }));
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    await screen.findByText('Dashboard');
    expect(sent).toEqual([
      {
        payment_method: 'cash',
        registrations: [
          { athlete_id: mina.id, age_group: '15U Girls' },
          { athlete_id: leo.id, age_group: '13U Boys' },
        ],
      },
    ]);
    expect(router.state.location.state).toEqual({
      notice: 'Registered! Please bring $75.00 in cash on tryout day.',
    });
  });

  it('pays for several athletes by card on one checkout', async () => {
    // Prepare
    const sent = serveFamily();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(
      http.post('/api/tryouts/register', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { tryout: notRegistered(mina.id), url: 'https://checkout.example.test/c/pay/cs_test_family' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderTryout();

    // Act
    await user.click(await screen.findByLabelText('Mina Quinn'));
    await user.click(screen.getByLabelText('Leo Quinn'));
    await user.selectOptions(screen.getByLabelText('Age group for Mina'), '15U Girls');
    await user.selectOptions(screen.getByLabelText('Age group for Leo'), '13U Boys');
    await user.click(screen.getByRole('radio', { name: 'Card (pay online now)' }));
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.example.test/c/pay/cs_test_family'),
    );
    expect(sent).toEqual([
      {
        payment_method: 'stripe',
        registrations: [
          { athlete_id: mina.id, age_group: '15U Girls' },
          { athlete_id: leo.id, age_group: '13U Boys' },
        ],
      },
    ]);
    vi.unstubAllGlobals();
  });
});
