import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { AgeGroup } from '@club/shared/constants';
import type { Athlete, HouseholdTryout } from '@club/shared/types';
import { SessionContext } from '../../lib/session-context';
import { onRoute } from '../../test/route-mock';
import { anAthlete, notRegistered } from '../../test/builders';
import { server } from '../../test/server';
import { aSeason, deferred } from './test-data';
import { TryoutDashboard } from './tryout-dashboard';
import { TryoutRegistration } from './tryout-registration';

const ME = '11111111-1111-4111-8111-111111111111';
const athlete = (
  id: string,
  first_name: string,
  date_of_birth: string,
  division?: Athlete['division'],
): Athlete => anAthlete({ id, first_name, date_of_birth, ...(division ? { division } : {}) });
const own = athlete(ME, 'Jordan', '1984-01-01');
const mina = athlete('22222222-2222-4222-8222-222222222222', 'Mina', '2011-03-09', 'girls');
const leo = athlete('33333333-3333-4333-8333-333333333333', 'Leo', '2012-05-01', 'boys');

/** /tryout for a family: a $45.00 fee and a $30.00 sibling fee, nobody registered yet. */
/** The Tryout Number a child's dashboard card shows, once the card is there. */
async function tryoutNumberOn(card: string) {
  const region = await screen.findByRole('region', { name: card });
  return within(region).getByText('Tryout Number', { selector: 'dt' }).nextElementSibling;
}

function serveFamily(athletes = [own, mina, leo]) {
  const sent: unknown[] = [];
  server.use(
    http.get('/api/seasons/active', () =>
      HttpResponse.json(aSeason({ tryout_fee_cents: 4500, sibling_fee_cents: 3000, reference_year: 2025 })),
    ),
    http.get('/api/tryouts/my', () => HttpResponse.json({ message: 'Not registered.' }, { status: 404 })),
    onRoute('getHousehold', () => ({ guardians: [], athletes })),
    onRoute('getHouseholdTryouts', () => athletes.map((a) => notRegistered(a.id))),
    onRoute('updateAthlete', async ({ request, params }) => {
      sent.push({ athlete: params.id, changes: await request.json() });
      return { ...athletes.find((a) => a.id === params.id)! };
    }),
    http.post('/api/tryouts/register', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ tryout: notRegistered(mina.id) }, { status: 201 });
    }),
  );
  return sent;
}

function renderTryout(dashboard: ReactElement = <p>Dashboard</p>, user = userEvent.setup()) {
  const router = createMemoryRouter(
    [
      { path: '/tryout', element: <TryoutRegistration /> },
      { path: '/dashboard', element: dashboard },
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
  return { router, user };
}

describe('the family tryout form (issue 17)', () => {
  it('offers each ticked athlete only the groups its birth year and division allow, youngest first, with the sibling fee in the total', async () => {
    // Prepare
    const sent = serveFamily();
    const { router, user } = renderTryout();

    // Act: Mina (girls, 2011) and Leo (boys, 2012).
    await user.click(await screen.findByLabelText('Mina Quinn'));
    await user.click(screen.getByLabelText('Leo Quinn'));

    // Assess: each sees only their own teams' groups, the youngest that fits already chosen (issue 36).
    const optionsOf = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(optionsOf('Age group for Mina')).toEqual(['Choose an age group', '15U Girls', '17U Girls']);
    expect(screen.getByLabelText('Age group for Mina')).toHaveValue('15U Girls');
    expect(optionsOf('Age group for Leo')).toEqual([
      'Choose an age group',
      '13U Boys',
      '15U Boys',
      '16U Boys',
      '17U Boys',
      '18U Boys',
    ]);
    expect(screen.getByLabelText('Age group for Leo')).toHaveValue('13U Boys');
    // The birth-year guide, as on the one-player form (issue 36).
    expect(
      within(screen.getByRole('region', { name: 'Which age group?' })).getByText(
        '15U Girls: born in 2010 or later',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Mina: $45.00')).toBeInTheDocument();
    expect(screen.getByText('Leo: $30.00 (sibling fee)')).toBeInTheDocument();
    expect(screen.getByText('Total: $75.00')).toBeInTheDocument();

    // Act: no way to pay chosen first, then cash.
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose who is trying out, an age group for each, and how to pay.',
    );
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

  it('asks once which teams an athlete plays on, keeps the answer, then offers only those groups', async () => {
    // Prepare: Amara was added before the club asked.
    const amara = athlete('44444444-4444-4444-8444-444444444444', 'Amara', '2012-02-02');
    const sent = serveFamily([own, amara]);
    const { user } = renderTryout();

    // Act: ticked, and registered without saying.
    await user.click(await screen.findByLabelText('Amara Quinn'));
    expect(screen.queryByLabelText('Age group for Amara')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Cash (pay on tryout day)' }));
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the teams the athlete plays on.');
    expect(sent).toEqual([]);

    // Act
    const playsOn = screen.getByRole('group', { name: 'Amara plays on' });
    await user.click(within(playsOn).getByRole('radio', { name: 'Girls’ teams' }));

    // Assess: girls' groups only, the youngest chosen.
    expect(
      within(screen.getByLabelText('Age group for Amara'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an age group', '15U Girls', '17U Girls']);
    expect(screen.getByLabelText('Age group for Amara')).toHaveValue('15U Girls');

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess: the answer is kept on Amara before she is registered.
    await screen.findByText('Dashboard');
    expect(sent).toEqual([
      { athlete: amara.id, changes: { division: 'girls' } },
      { payment_method: 'cash', registrations: [{ athlete_id: amara.id, age_group: '15U Girls' }] },
    ]);
  });
});

describe('the family total with a sibling already registered (issue 42)', () => {
  const minaRegistered = (withdrawn: boolean): HouseholdTryout => ({
    ...notRegistered(mina.id),
    hasRegistered: true,
    tryout_number: 1,
    age_group: '15U Girls',
    payment_method: 'cash',
    payment_status: 'cash',
    withdrawn,
  });

  it('charges the next child the sibling fee: $30.00, and a total of $30.00', async () => {
    // Prepare: Mina registered already; Leo not yet
    serveFamily();
    server.use(onRoute('getHouseholdTryouts', () => [minaRegistered(false), notRegistered(leo.id)]));
    const { user } = renderTryout();

    // Act
    await user.click(await screen.findByLabelText('Leo Quinn'));

    // Assess
    expect(screen.queryByLabelText('Mina Quinn')).not.toBeInTheDocument();
    expect(screen.getByText('Leo: $30.00 (sibling fee)')).toBeInTheDocument();
    expect(screen.getByText('Total: $30.00')).toBeInTheDocument();
  });

  it('charges the full fee when the sibling registered before has withdrawn: $45.00', async () => {
    // Prepare: Mina registered, then withdrew
    serveFamily();
    server.use(onRoute('getHouseholdTryouts', () => [minaRegistered(true), notRegistered(leo.id)]));
    const { user } = renderTryout();

    // Act
    await user.click(await screen.findByLabelText('Leo Quinn'));

    // Assess
    expect(screen.getByText('Leo: $45.00')).toBeInTheDocument();
    expect(screen.getByText('Total: $45.00')).toBeInTheDocument();
  });
});

describe('a registration that waits, and one whose answer is lost (issue 43)', () => {
  const ada = athlete('55555555-5555-4555-8555-555555555555', 'Ada', '2013-07-07', 'girls');
  const numbered = (a: Athlete, tryout_number: number, age_group: AgeGroup): HouseholdTryout => ({
    ...notRegistered(a.id),
    hasRegistered: true,
    tryout_number,
    age_group,
    payment_method: 'cash',
    payment_status: 'cash',
  });

  /** The registration endpoint, answering with `answer`; the bodies it was sent. */
  function registerWith(answer: () => Response | Promise<Response>) {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/tryouts/register', async ({ request }) => {
        bodies.push(await request.json());
        return answer();
      }),
    );
    return bodies;
  }

  /** Ticks the athletes (each gets its youngest group) and chooses cash. */
  async function tick(user: ReturnType<typeof userEvent.setup>, athletes: Athlete[]) {
    for (const a of athletes) await user.click(await screen.findByLabelText(`${a.first_name} Quinn`));
    await user.click(screen.getByRole('radio', { name: 'Cash (pay on tryout day)' }));
  }

  it.each([
    ['Registering Mina…', [mina]],
    ['Registering Mina and Leo…', [mina, leo]],
    ['Registering Mina, Leo and Ada…', [mina, leo, ada]],
  ])(
    'says whom it registers while the answer waits, and a double tap sends one request: "%s"',
    async (words, athletes) => {
      // Prepare
      serveFamily([own, mina, leo, ada]);
      const held = deferred();
      const bodies = registerWith(async () => {
        await held.promise;
        return HttpResponse.json({ tryout: notRegistered(mina.id) }, { status: 201 });
      });
      const { user } = renderTryout();
      await tick(user, athletes);
      expect(screen.getByRole('status')).toBeEmptyDOMElement();

      // Act
      await user.dblClick(screen.getByRole('button', { name: 'Register for Tryouts' }));
      await user.click(screen.getByRole('button', { name: 'Registering...' }));

      // Assess
      expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^${words}$`));
      expect(screen.getByRole('button', { name: 'Registering...' })).toBeDisabled();
      await vi.waitFor(() => expect(bodies).toHaveLength(1));

      // Act
      held.resolve();

      // Assess
      await screen.findByText('Dashboard');
      expect(bodies).toHaveLength(1);
    },
  );

  it('waits as long as the answer takes: after 20 seconds it still says whom it registers, then shows their numbers', async () => {
    // Prepare: the answer takes 20 s, on a clock the test moves.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serveFamily();
      let registered = false;
      registerWith(async () => {
        await delay(20_000);
        registered = true;
        return HttpResponse.json({ tryout: numbered(mina, 7, '15U Girls') }, { status: 201 });
      });
      server.use(
        onRoute('getHouseholdTryouts', () =>
          registered
            ? [notRegistered(own.id), numbered(mina, 7, '15U Girls'), numbered(leo, 8, '13U Boys')]
            : [own, mina, leo].map((a) => notRegistered(a.id)),
        ),
      );
      const { user } = renderTryout(
        <TryoutDashboard />,
        userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
      );
      await tick(user, [mina, leo]);

      // Act
      await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));
      await vi.advanceTimersByTimeAsync(19_000);

      // Assess: still waiting, still saying so, nothing refused.
      expect(screen.getByRole('status')).toHaveTextContent(/^Registering Mina and Leo…$/);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      // Act
      await vi.advanceTimersByTimeAsync(1_500);

      // Assess: the dashboard, each child's card with its number.
      expect(
        await screen.findByText('Registered! Please bring $75.00 in cash on tryout day.'),
      ).toBeInTheDocument();
      expect(await tryoutNumberOn("Mina's Tryout Registration")).toHaveTextContent(/^7$/);
      expect(await tryoutNumberOn("Leo's Tryout Registration")).toHaveTextContent(/^8$/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes to the dashboard, not a refusal, when a retry after a lost answer is told "Mina is already registered"', async () => {
    // Prepare: the first try's answer is lost, though the server registered both.
    serveFamily();
    const bodies = registerWith(() => HttpResponse.error());
    const { user, router } = renderTryout(<TryoutDashboard />);
    await tick(user, [mina, leo]);
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Registration failed\. We did not hear back from the club’s server\. Everything you entered is still here: please try again\. If the registration went through after all, trying again takes you to it, and nothing is registered twice\.$/,
    );
    // Everything entered is still there.
    expect(screen.getByLabelText('Mina Quinn')).toBeChecked();
    expect(screen.getByLabelText('Leo Quinn')).toBeChecked();
    expect(screen.getByLabelText('Age group for Mina')).toHaveValue('15U Girls');
    expect(screen.getByLabelText('Age group for Leo')).toHaveValue('13U Boys');
    expect(screen.getByRole('radio', { name: 'Cash (pay on tryout day)' })).toBeChecked();
    server.use(
      http.post('/api/tryouts/register', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Mina is already registered for this season.' }, { status: 409 });
      }),
      onRoute('getHouseholdTryouts', () => [
        notRegistered(own.id),
        numbered(mina, 7, '15U Girls'),
        numbered(leo, 8, '13U Boys'),
      ]),
    );

    // Act
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    expect(
      await screen.findByText(
        'Registered! Your first try went through after all: Mina and Leo are registered, and nothing was registered twice.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('region', { name: "Mina's Tryout Registration" })).toHaveTextContent('7');
    expect(screen.getByRole('region', { name: "Leo's Tryout Registration" })).toHaveTextContent('8');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const sentBoth = {
      payment_method: 'cash',
      registrations: [
        { athlete_id: mina.id, age_group: '15U Girls' },
        { athlete_id: leo.id, age_group: '13U Boys' },
      ],
    };
    expect(bodies).toEqual([sentBoth, sentBoth]);
  });

  it('goes to the dashboard with the server’s words when the numbers follow (202), and shows each number as it arrives', async () => {
    // Prepare: a night busier than the table: written, numbered a moment later (issue 43)
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serveFamily();
      const message =
        'We have your registration. Its tryout number will be on your dashboard within a minute.';
      let numberedYet = false;
      registerWith(() => HttpResponse.json({ number_follows: true, message }, { status: 202 }));
      server.use(
        onRoute('getHouseholdTryouts', () =>
          numberedYet
            ? [notRegistered(own.id), numbered(mina, 7, '15U Girls'), numbered(leo, 8, '13U Boys')]
            : [own, mina, leo].map((a) => notRegistered(a.id)),
        ),
      );
      const { user, router } = renderTryout(
        <TryoutDashboard />,
        userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
      );
      await tick(user, [mina, leo]);

      // Act
      await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

      // Assess: told, not refused, on the dashboard
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: "Mina's Tryout Registration" })).not.toBeInTheDocument();

      // Act: numbered a few seconds later; the dashboard looks again by itself
      numberedYet = true;
      await vi.advanceTimersByTimeAsync(10_500);

      // Assess
      expect(await tryoutNumberOn("Mina's Tryout Registration")).toHaveTextContent(/^7$/);
      expect(await tryoutNumberOn("Leo's Tryout Registration")).toHaveTextContent(/^8$/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('points to the dashboard when the registrations are saved but the card checkout could not start', async () => {
    // Prepare
    serveFamily();
    registerWith(() =>
      HttpResponse.json(
        {
          message:
            'Your registration is saved, but the card payment could not start. Please try again from your dashboard.',
        },
        { status: 503 },
      ),
    );
    const { user } = renderTryout();
    for (const a of [mina, leo]) await user.click(await screen.findByLabelText(`${a.first_name} Quinn`));
    await user.click(screen.getByRole('radio', { name: 'Card (pay online now)' }));

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess: no "try again" here: trying again would only be told they are registered.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Your registration is saved, but the card payment could not start\. Please try again from your dashboard\.$/,
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Register for Tryouts' })).toBeEnabled();
  });

  it('shows the server’s words when a first try is told "Mina is already registered" (someone else registered her)', async () => {
    // Prepare
    serveFamily();
    registerWith(() =>
      HttpResponse.json({ message: 'Mina is already registered for this season.' }, { status: 409 }),
    );
    const { user, router } = renderTryout();
    await tick(user, [mina]);

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Mina is already registered for this season\.$/,
    );
    expect(router.state.location.pathname).toBe('/tryout');
  });
});
