import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyTryout, Season } from '@club/shared/types';
import { SessionContext } from '../../lib/session-context';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { aSeason, aTryout, deferred } from './test-data';
import { TryoutDashboard } from './tryout-dashboard';
import { TryoutRegistration } from './tryout-registration';

/** The signed-in player: a household of one, born in 2013 (every group of a 2025 season fits). */
const ME = '11111111-1111-4111-8111-111111111111';
const ME_ATHLETE = {
  id: ME,
  first_name: 'Jordan',
  last_name: 'Quinn',
  date_of_birth: '2013-03-09',
  emergency_contact_name: 'Robin Quinn',
  emergency_contact_phone: '780-555-0199',
  emergency_contact_email: 'robin@example.test',
  emergency_contact_relationship: 'parent' as const,
  parent_consent: true,
};

/** The API as /tryout sees it: the active season (null: 404) and the player's registration (null: 404). */
function api({ season = aSeason(), tryout = null }: { season?: Season | null; tryout?: MyTryout | null }) {
  server.use(
    onRoute('getHousehold', () => ({ guardians: [], athletes: [ME_ATHLETE] })),
    http.get('/api/seasons/active', () =>
      season
        ? HttpResponse.json(season)
        : HttpResponse.json({ message: 'No active season.' }, { status: 404 }),
    ),
    http.get('/api/tryouts/my', () =>
      tryout
        ? HttpResponse.json(tryout)
        : HttpResponse.json({ message: 'You are not registered for the current season.' }, { status: 404 }),
    ),
  );
}

function renderTryout() {
  const router = createMemoryRouter(
    [
      { path: '/tryout', element: <TryoutRegistration /> },
      { path: '/dashboard', element: <TryoutDashboard /> },
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

/** The value a description list gives for a term. */
function detail(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function choose(user: ReturnType<typeof userEvent.setup>, method: string, group: string) {
  await user.click(await screen.findByRole('radio', { name: method }));
  await user.selectOptions(screen.getByLabelText('Age group'), group);
}

afterEach(() => vi.unstubAllGlobals());

describe('/tryout states (spec §2)', () => {
  it('shows a registered player their season, tryout number and payment, and the way to the dashboard', async () => {
    // Prepare
    api({ tryout: aTryout({ tryout_number: 17, payment_method: 'cash', payment_status: 'cash' }) });

    // Act
    renderTryout();

    // Assess
    expect(await screen.findByRole('heading', { name: 'You Are Already Registered' })).toBeInTheDocument();
    expect(detail('Season')).toBe('Fall 2025 Tryouts');
    expect(detail('Tryout Number')).toBe('17');
    expect(detail('Payment')).toBe('Cash');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Complete payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register for Tryouts' })).not.toBeInTheDocument();
  });

  it('offers a registered card player whose payment is pending to complete it', async () => {
    // Prepare
    api({ tryout: aTryout({ payment_method: 'stripe', payment_status: 'pending' }) });

    // Act
    renderTryout();

    // Assess
    expect(await screen.findByRole('heading', { name: 'You Are Already Registered' })).toBeInTheDocument();
    expect(detail('Payment')).toBe('Pending (Card)');
    expect(screen.getByRole('button', { name: 'Complete payment' })).toBeEnabled();
  });

  it('says "No Active Season" and "Please check back later." when there is no season', async () => {
    // Prepare
    api({ season: null });

    // Act
    renderTryout();

    // Assess
    expect(await screen.findByRole('heading', { name: 'No Active Season' })).toBeInTheDocument();
    expect(screen.getByText('Please check back later.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says registration is closed for the season by name', async () => {
    // Prepare
    api({ season: aSeason({ is_registration_open: false }) });

    // Act
    renderTryout();

    // Assess
    expect(await screen.findByRole('heading', { name: 'Registration Closed' })).toBeInTheDocument();
    expect(screen.getByText('Registration for Fall 2025 Tryouts is currently closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register for Tryouts' })).not.toBeInTheDocument();
  });

  it("shows the chosen group's tryout sessions and the season's fee before the family pays", async () => {
    // Prepare
    const session = (
      group: '15U Boys' | '17U Girls',
      day: string,
      kind: 'tryout' | 'open-gym' = 'tryout',
    ) => ({
      kind,
      age_groups: [group],
      starts_at: `${day}T18:00`,
      ends_at: `${day}T19:30`,
      location: 'Harry Ainlay gym',
      address: '4350 111 St NW, Edmonton',
    });
    api({
      season: aSeason({
        age_groups: ['15U Boys', '17U Girls'],
        tryout_fee_cents: 8500,
        sessions: [
          session('15U Boys', '2026-08-19'),
          session('17U Girls', '2026-08-18'),
          session('15U Boys', '2026-08-18'),
          session('15U Boys', '2026-08-12', 'open-gym'),
        ],
      }),
    });
    const { user } = renderTryout();

    // Act
    await choose(user, 'Card (pay online now)', '15U Boys');

    // Assess
    const list = screen.getByRole('list', { name: '15U Boys tryout sessions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual([
      'Tuesday, August 18, 2026 · 6:00 p.m. – 7:30 p.m.',
      'Wednesday, August 19, 2026 · 6:00 p.m. – 7:30 p.m.',
    ]);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Harry%20Ainlay%20gym%2C%204350%20111%20St%20NW%2C%20Edmonton',
    );
    expect(
      screen.getByText(
        'Please check in 20 minutes before your session starts. Bring indoor court shoes, a water bottle and clothes to play in.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Tryout fee: $85.00')).toBeInTheDocument();
  });

  it('asks no payment method when tryouts are free, and registers with nothing to pay', async () => {
    // Prepare
    let sent: unknown;
    api({ season: aSeason({ tryout_fee_cents: 0 }) });
    server.use(
      http.post('/api/tryouts/register', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { tryout: aTryout({ payment_method: 'cash', payment_status: 'paid' }) },
          { status: 201 },
        );
      }),
    );
    const { user, router } = renderTryout();

    // Act
    await screen.findByText('Tryouts are free this season: there is nothing to pay.');
    await user.selectOptions(screen.getByLabelText('Age group'), '15U Boys');
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sent).toEqual({ payment_method: 'cash', age_group: '15U Boys' });
  });

  it('says the dates are still to come for a group without sessions', async () => {
    // Prepare
    api({ season: aSeason({ age_groups: ['15U Boys', '17U Girls'], sessions: [] }) });
    const { user } = renderTryout();

    // Act
    await choose(user, 'Cash (pay on tryout day)', '17U Girls');

    // Assess
    expect(
      screen.getByText('The 17U Girls tryout dates will be posted here once the club sets them.'),
    ).toBeInTheDocument();
  });

  it('offers Interac e-Transfer only where the season takes it (issue 46)', async () => {
    // Prepare
    api({ season: aSeason({ etransfer: { enabled: true, address: 'treasurer@summit.test' } }) });

    // Act
    renderTryout();

    // Assess
    const method = await screen.findByRole('group', { name: 'Payment method' });
    expect(
      within(method)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['cash', 'stripe', 'etransfer']);
    expect(
      within(method).getByRole('radio', {
        name: 'Interac e-Transfer (we give you a code to put in the message)',
      }),
    ).not.toBeChecked();
    cleanup();
    api({ season: aSeason({ etransfer: { enabled: false, address: 'treasurer@summit.test' } }) });
    renderTryout();
    const without = await screen.findByRole('group', { name: 'Payment method' });
    expect(within(without).queryByRole('radio', { name: /e-Transfer/ })).not.toBeInTheDocument();
  });

  it('shows the form: payment choice, the season’s age groups, the birth-year guidance and the fee', async () => {
    // Prepare
    api({ season: aSeason({ age_groups: ['15U Boys', '17U Girls'], tryout_fee_cents: 5000 }) });

    // Act
    renderTryout();

    // Assess
    const method = await screen.findByRole('group', { name: 'Payment method' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tryout Registration' })).toBeInTheDocument();
    expect(screen.getByText('Fall 2025 Tryouts')).toBeInTheDocument();
    expect(within(method).getByRole('radio', { name: 'Cash (pay on tryout day)' })).not.toBeChecked();
    expect(within(method).getByRole('radio', { name: 'Card (pay online now)' })).not.toBeChecked();
    const options = within(screen.getByRole('combobox', { name: 'Age group' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Choose an age group', '15U Boys', '17U Girls']);
    expect(options[0]).toHaveValue('');
    const guide = screen.getByRole('region', { name: 'Which age group?' });
    expect(
      within(guide)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['15U Boys: born in 2010 or later', '17U Girls: born in 2008 or later']);
    expect(screen.getByText('Tryout fee: $50.00')).toBeInTheDocument();
    expect(
      screen.getByText('The same fee applies whether you pay by card now or in cash on tryout day.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register for Tryouts' })).toBeEnabled();
  });

  it('counts the birth years from the season’s own reference year', async () => {
    // Prepare
    api({ season: aSeason({ age_groups: ['13U Boys', '18U Boys'], reference_year: 2026 }) });

    // Act
    renderTryout();

    // Assess
    expect(await screen.findByText('13U Boys: born in 2013 or later')).toBeInTheDocument();
    expect(screen.getByText('18U Boys: born in 2008 or later')).toBeInTheDocument();
  });

  it('says "Failed to load data. Please refresh." when the registration cannot be read', async () => {
    // Prepare
    server.use(
      http.get('/api/seasons/active', () => HttpResponse.json(aSeason())),
      http.get('/api/tryouts/my', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })),
    );

    // Act
    renderTryout();

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data. Please refresh.');
    expect(screen.queryByRole('button', { name: 'Register for Tryouts' })).not.toBeInTheDocument();
  });

  it('says "Failed to load data. Please refresh." when the season cannot be read', async () => {
    // Prepare
    server.use(
      http.get('/api/seasons/active', () => HttpResponse.error()),
      http.get('/api/tryouts/my', () => HttpResponse.json({ message: 'Not registered.' }, { status: 404 })),
    );

    // Act
    renderTryout();

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data. Please refresh.');
  });
});

describe('/tryout form submission', () => {
  /** Records every registration request; answers with `answer`. */
  function registerEndpoint(answer: () => Response | Promise<Response>) {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/tryouts/register', async ({ request }) => {
        bodies.push(await request.json());
        return answer();
      }),
    );
    return bodies;
  }

  it.each([
    ['nothing chosen', null, null],
    ['only a payment method', 'Cash (pay on tryout day)', null],
    ['only an age group', null, '16U Boys'],
  ])('with %s, says both are needed, moves focus there and sends nothing', async (_, method, group) => {
    // Prepare
    api({});
    const bodies = registerEndpoint(() => HttpResponse.json({}, { status: 201 }));
    const { user } = renderTryout();
    await screen.findByRole('button', { name: 'Register for Tryouts' });
    if (method) await user.click(screen.getByRole('radio', { name: method }));
    if (group) await user.selectOptions(screen.getByLabelText('Age group'), group);

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please select both payment method and age group.');
    expect(alert).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('shows the server’s message when registration is refused', async () => {
    // Prepare
    api({});
    registerEndpoint(() =>
      HttpResponse.json(
        { message: 'Players in 15U Boys must be born in 2010 or later. Please choose an older age group.' },
        { status: 400 },
      ),
    );
    const { user, router } = renderTryout();
    await choose(user, 'Cash (pay on tryout day)', '15U Boys');

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Players in 15U Boys must be born in 2010 or later. Please choose an older age group.',
    );
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Register for Tryouts' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/tryout');
  });

  const NO_ANSWER =
    'Registration failed. We did not hear back from the club’s server. Everything you entered is still here: please try again. If the registration went through after all, trying again takes you to it, and nothing is registered twice.';

  it.each([
    ['an answer without a message', () => HttpResponse.json({}, { status: 500 })],
    ['a network failure', () => HttpResponse.error()],
    ['a gateway’s 503', () => HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 })],
    [
      'a gateway’s timeout',
      () => HttpResponse.json({ message: 'Endpoint request timed out' }, { status: 504 }),
    ],
  ])(
    'on %s, says "Registration failed.", that no answer came, keeps the choices and offers to try again (issue 43)',
    async (_, answer) => {
      // Prepare
      api({});
      registerEndpoint(answer);
      const { user } = renderTryout();
      await choose(user, 'Cash (pay on tryout day)', '15U Boys');

      // Act
      await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

      // Assess
      expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${NO_ANSWER}$`));
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.getByRole('radio', { name: 'Cash (pay on tryout day)' })).toBeChecked();
      expect(screen.getByLabelText('Age group')).toHaveValue('15U Boys');
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    },
  );

  it('shows the server’s own words on a 503 that says it is busy, and nothing of a lost answer', async () => {
    // Prepare
    api({});
    registerEndpoint(() =>
      HttpResponse.json(
        { message: 'Registration is very busy right now. Please try again in a moment.' },
        { status: 503 },
      ),
    );
    const { user } = renderTryout();
    await choose(user, 'Cash (pay on tryout day)', '15U Boys');

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Registration is very busy right now\. Please try again in a moment\.$/,
    );
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument();
  });

  it('names the player while the registration waits: "Registering Jordan…" (issue 43)', async () => {
    // Prepare
    api({});
    const held = deferred();
    registerEndpoint(async () => {
      await held.promise;
      return HttpResponse.json({ message: 'Registration failed on purpose.' }, { status: 400 });
    });
    const { user } = renderTryout();
    await choose(user, 'Cash (pay on tryout day)', '15U Boys');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    expect(screen.getByRole('status')).toHaveTextContent(/^Registering Jordan…$/);

    // Act
    held.resolve();

    // Assess: the words go with the wait.
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed on purpose.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('sends one request for two submits in the same moment (a tap and Enter)', async () => {
    // Prepare
    api({});
    const held = deferred();
    const bodies = registerEndpoint(async () => {
      await held.promise;
      return HttpResponse.json({ tryout: aTryout() }, { status: 201 });
    });
    const { user } = renderTryout();
    await choose(user, 'Cash (pay on tryout day)', '15U Boys');
    const form = screen.getByRole('button', { name: 'Register for Tryouts' }).closest('form')!;

    // Act
    fireEvent.submit(form);
    fireEvent.submit(form);

    // Assess
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    held.resolve();
    await screen.findByText('Registered! Please bring cash on tryout day.');
    expect(bodies).toHaveLength(1);
  });

  it('goes to the registration when a retry after a lost answer is told it is already registered (issue 43)', async () => {
    // Prepare: the first try's answer is lost, though the server registered it.
    api({});
    const bodies = registerEndpoint(() => HttpResponse.error());
    const { user, router } = renderTryout();
    await choose(user, 'Cash (pay on tryout day)', '15U Boys');
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${NO_ANSWER}$`));
    server.use(
      http.post('/api/tryouts/register', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'You are already registered for this season.' }, { status: 409 });
      }),
      http.get('/api/tryouts/my', () =>
        HttpResponse.json(aTryout({ tryout_number: 8, age_group: '15U Boys' })),
      ),
    );

    // Act
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    // Assess: the dashboard, with the registration and its number; no refusal anywhere.
    expect(
      await screen.findByText(
        'Registered! Your first try went through after all: you are registered, and nothing was registered twice.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await screen.findByRole('region', { name: 'Your Tryout Registration' });
    expect(detail('Tryout Number')).toBe('8');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodies).toEqual([
      { payment_method: 'cash', age_group: '15U Boys' },
      { payment_method: 'cash', age_group: '15U Boys' },
    ]);
  });

  it('points to the dashboard when the card registration is saved but checkout could not start', async () => {
    // Prepare
    api({});
    registerEndpoint(() =>
      HttpResponse.json(
        {
          message:
            'Your registration is saved, but the card payment could not start. Please try again from your dashboard.',
        },
        { status: 503 },
      ),
    );
    const { user } = renderTryout();
    await choose(user, 'Card (pay online now)', '15U Boys');

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your registration is saved, but the card payment could not start. Please try again from your dashboard.',
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('reads "Registering..." and is disabled while busy, and a second click sends nothing more', async () => {
    // Prepare
    api({});
    const held = deferred();
    const bodies = registerEndpoint(async () => {
      await held.promise;
      return HttpResponse.json({ message: 'You are already registered for this season.' }, { status: 409 });
    });
    const { user } = renderTryout();
    await choose(user, 'Cash (pay on tryout day)', '15U Boys');
    const button = screen.getByRole('button', { name: 'Register for Tryouts' });

    // Act
    await user.dblClick(button);
    await user.click(button);

    // Assess
    expect(button).toHaveTextContent('Registering...');
    expect(button).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Cash (pay on tryout day)' })).toBeDisabled();
    await vi.waitFor(() => expect(bodies).toHaveLength(1));

    // Act
    held.resolve();

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already registered for this season.');
    expect(button).toHaveTextContent('Register for Tryouts');
    expect(button).toBeEnabled();
    expect(bodies).toHaveLength(1);
  });

  it('registers a cash player and shows the cash notice on the dashboard', async () => {
    // Prepare
    api({});
    const registered = aTryout({ tryout_number: 8, payment_method: 'cash', payment_status: 'cash' });
    const bodies = registerEndpoint(() => HttpResponse.json({ tryout: registered }, { status: 201 }));
    const { user, router } = renderTryout();
    await choose(user, 'Cash (pay on tryout day)', '15U Girls');
    server.use(http.get('/api/tryouts/my', () => HttpResponse.json(registered)));

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    expect(await screen.findByText('Registered! Please bring cash on tryout day.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(bodies).toEqual([{ payment_method: 'cash', age_group: '15U Girls' }]);
    const card = await screen.findByRole('region', { name: 'Your Tryout Registration' });
    expect(
      screen.getByText('Registered! Please bring cash on tryout day.').compareDocumentPosition(card) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('sends a card player to the checkout page with a full-page redirect, staying busy', async () => {
    // Prepare
    api({});
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const bodies = registerEndpoint(() =>
      HttpResponse.json(
        {
          tryout: aTryout({ payment_method: 'stripe', payment_status: 'pending' }),
          url: 'https://checkout.stripe.test/c/pay/cs_test_abc123',
        },
        { status: 201 },
      ),
    );
    const { user, router } = renderTryout();
    await choose(user, 'Card (pay online now)', '17U Boys');

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_abc123'),
    );
    expect(bodies).toEqual([{ payment_method: 'stripe', age_group: '17U Boys' }]);
    expect(screen.getByRole('button', { name: 'Registering...' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/tryout');
  });

  it('asks about financial support by card: nothing is charged, the dashboard says the club answers first (issue 42)', async () => {
    // Prepare
    api({});
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const waiting = aTryout({
      payment_method: 'stripe',
      payment_status: 'pending',
      support_answer_pending: true,
    });
    const bodies = registerEndpoint(() => HttpResponse.json({ tryout: waiting }, { status: 201 }));
    const { user, router } = renderTryout();
    await choose(user, 'Card (pay online now)', '17U Boys');
    await user.click(screen.getByRole('checkbox', { name: 'Ask about financial support' }));
    server.use(http.get('/api/tryouts/my', () => HttpResponse.json(waiting)));

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    expect(
      await screen.findByText(
        'Registered! Nothing has been charged: the club will e-mail you about the fee, and you can pay it by card from here.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(bodies).toEqual([{ payment_method: 'stripe', age_group: '17U Boys', financial_support: true }]);
    expect(assign).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Waiting for the club’s answer' })).toBeInTheDocument();
  });

  it('sends the session’s bearer token with the registration', async () => {
    // Prepare
    sessionStorage.setItem('token', 'the-access-token');
    api({});
    let authorization: string | null = null;
    server.use(
      http.post('/api/tryouts/register', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ tryout: aTryout() }, { status: 201 });
      }),
    );
    const { user } = renderTryout();
    await choose(user, 'Cash (pay on tryout day)', '15U Boys');

    // Act
    await user.click(screen.getByRole('button', { name: 'Register for Tryouts' }));

    // Assess
    await vi.waitFor(() => expect(authorization).toBe('Bearer the-access-token'));
  });
});

describe('/tryout in a parent’s order (issue 18)', () => {
  it('names the player, offers only the groups their birth year allows, then the fee, then how to pay', async () => {
    // Prepare: the account holder, born 2011: 14 in the 2025 season, past 13U.
    const me = '11111111-1111-4111-8111-111111111111';
    api({ season: aSeason({ reference_year: 2025 }) });
    server.use(
      onRoute('getHousehold', () => ({
        guardians: [],
        athletes: [
          {
            id: me,
            first_name: 'Jordan',
            last_name: 'Quinn',
            date_of_birth: '2011-03-09',
            emergency_contact_name: 'Robin Quinn',
            emergency_contact_phone: '780-555-0199',
            emergency_contact_email: 'robin@example.test',
            emergency_contact_relationship: 'parent' as const,
            parent_consent: true,
          },
        ],
      })),
    );
    const router = createMemoryRouter([{ path: '/tryout', element: <TryoutRegistration /> }], {
      initialEntries: ['/tryout'],
    });

    // Act
    render(
      <SessionContext.Provider
        value={{
          user: {
            id: me,
            first_name: 'Jordan',
            last_name: 'Quinn',
            email: 'j@example.test',
            is_admin: false,
          },
          ready: true,
          logout: async () => {},
        }}
      >
        <RouterProvider router={router} />
      </SessionContext.Provider>,
    );

    // Assess
    expect(await screen.findByText('Registering Jordan Quinn')).toBeInTheDocument();
    const offered = within(screen.getByLabelText('Age group'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).not.toContain('13U Boys');
    expect(offered).not.toContain('13U Girls');
    expect(offered).toContain('15U Girls');
    expect(offered).toContain('18U Boys');
    // The age group comes before the fee, and the fee before the payment choice.
    const group = screen.getByLabelText('Age group');
    const fee = screen.getByText(/^Tryout fee/);
    const card = screen.getByRole('radio', { name: 'Card (pay online now)' });
    expect(group.compareDocumentPosition(fee) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fee.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
