import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Season, SessionUser } from '@club/shared';
import { forgetSeasonEvents } from '../lib/season-events';
import { SessionContext, type SessionValue } from '../lib/session-context';
import { onRoute } from '../test/route-mock';
import { server } from '../test/server';
import TryoutsClosedPage from './tryouts-closed';

// The page reads the season the navigation reads, once per page view: each test is a page view of its own.
afterEach(() => forgetSeasonEvents());

const season: Season = {
  id: 'season-1',
  name: 'Fall 2025 Tryouts',
  is_active: true,
  age_groups: ['15U Boys', '15U Girls'],
  is_registration_open: true,
  tryout_fee_cents: 5000,
  sibling_fee_cents: 5000,
  reference_year: 2025,
  registration_opens_on: null,
  waiver_text: '',
  waiver_version: 0,
  refund_policy: '',
  sessions: [],
};

const player: SessionUser = {
  id: 'user-1',
  first_name: 'Maya',
  last_name: 'Okafor',
  email: 'maya@example.com',
  is_admin: false,
};

const CLOSED = 'Tryout registrations are currently closed and will reopen soon.';

function activeSeason(answer: () => Response | Promise<Response>) {
  server.use(http.get('/api/seasons/active', answer));
}

function renderPage(session: Partial<SessionValue> = {}) {
  const value: SessionValue = { user: null, ready: true, logout: vi.fn(async () => {}), ...session };
  const router = createMemoryRouter(
    [
      { path: '/TryoutsClosed', element: <TryoutsClosedPage /> },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/TryoutsClosed'] },
  );
  render(
    <SessionContext.Provider value={value}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
}

describe('/TryoutsClosed, the tryout registration entry', () => {
  it('claims neither open nor closed in the prerendered markup', () => {
    // Act
    const html = renderToString(
      <MemoryRouter initialEntries={['/TryoutsClosed']}>
        <TryoutsClosedPage />
      </MemoryRouter>,
    );

    // Assess
    expect(html).toContain('Tryout Registration');
    expect(html).toContain('Checking whether tryout registration is open…');
    expect(html).not.toMatch(/closed/i);
    expect(html).not.toMatch(/is open\./i);
    expect(html).not.toContain('Register for Tryouts');
  });

  it('shows a neutral status while it asks', async () => {
    // Prepare
    let answer!: () => void;
    activeSeason(
      () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json(season)))),
    );

    // Act
    renderPage();

    // Assess
    expect(screen.getByRole('status')).toHaveTextContent('Checking whether tryout registration is open…');
    expect(screen.queryByText(CLOSED)).not.toBeInTheDocument();
    expect(screen.queryByText(/is open\./)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer();
    expect(await screen.findByText('Registration for Fall 2025 Tryouts is open.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says registrations are closed when the season is closed', async () => {
    // Prepare
    activeSeason(() => HttpResponse.json({ ...season, is_registration_open: false }));

    // Act
    renderPage({ user: player });

    // Assess
    expect(await screen.findByText(CLOSED)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register for Tryouts' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tryout information' })).toHaveAttribute(
      'href',
      '/tryout-information',
    );
  });

  it('says registrations are closed when there is no active season', async () => {
    // Prepare
    activeSeason(() => HttpResponse.json({ message: 'No active season.' }, { status: 404 }));

    // Act
    renderPage();

    // Assess
    expect(await screen.findByText(CLOSED)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to register' })).not.toBeInTheDocument();
  });

  it('invites a signed-in player to register when registration is open', async () => {
    // Prepare
    activeSeason(() => HttpResponse.json(season));

    // Act
    renderPage({ user: player });

    // Assess
    expect(await screen.findByText('Registration for Fall 2025 Tryouts is open.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register for Tryouts' })).toHaveAttribute('href', '/tryout');
    expect(screen.queryByRole('link', { name: 'Sign in to register' })).not.toBeInTheDocument();
    expect(screen.queryByText(CLOSED)).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in or create an account when registration is open', async () => {
    // Prepare
    activeSeason(() => HttpResponse.json(season));

    // Act
    renderPage({ user: null });

    // Assess
    expect(await screen.findByText('Registration for Fall 2025 Tryouts is open.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to register' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Register for Tryouts' })).not.toBeInTheDocument();
  });

  it('tells an administrator that registration is for players', async () => {
    // Prepare
    activeSeason(() => HttpResponse.json(season));

    // Act
    renderPage({ user: { ...player, is_admin: true } });

    // Assess
    expect(await screen.findByText('Registration for Fall 2025 Tryouts is open.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Tryout registration is for player accounts. Administrators manage tryouts from the admin area.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register for Tryouts' })).not.toBeInTheDocument();
  });

  it('claims neither open nor closed when it cannot ask', async () => {
    // Prepare
    activeSeason(() => HttpResponse.json({ message: 'Boom' }, { status: 500 }));

    // Act
    renderPage();

    // Assess
    expect(
      await screen.findByText(/We could not check whether registration is open right now\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(CLOSED)).not.toBeInTheDocument();
    expect(screen.queryByText(/is open\./)).not.toBeInTheDocument();
  });
});

describe('/TryoutsClosed while registration is closed: no dead end (issue 18)', () => {
  const closed = { ...season, is_registration_open: false };

  it('says when registration opens when the season says, and nothing of a day when it does not', async () => {
    activeSeason(() => HttpResponse.json({ ...closed, registration_opens_on: '2027-01-05' }));
    renderPage();
    expect(await screen.findByText('Registration opens on Tuesday, January 5, 2027.')).toBeInTheDocument();
  });

  it('says no day when the season has none', async () => {
    activeSeason(() => HttpResponse.json(closed));
    renderPage();
    expect(await screen.findByText(CLOSED)).toBeInTheDocument();
    expect(screen.queryByText(/Registration opens on/)).not.toBeInTheDocument();
  });

  it('puts a signed-in family on the list with one click, says where the mail goes, and takes them off again', async () => {
    // Prepare
    activeSeason(() => HttpResponse.json(closed));
    const calls: string[] = [];
    let subscribed = false;
    server.use(
      onRoute('getOpeningNotice', () => ({ subscribed })),
      onRoute('requestOpeningNotice', () => {
        calls.push('POST');
        subscribed = true;
        return { subscribed };
      }),
      onRoute('cancelOpeningNotice', () => {
        calls.push('DELETE');
        subscribed = false;
        return { subscribed };
      }),
    );
    renderPage({ user: player });

    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'E-mail me when it opens' }));

    // Assess
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We will e-mail maya@example.com once when registration opens.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Don’t e-mail me' }));
    expect(await screen.findByRole('button', { name: 'E-mail me when it opens' })).toBeInTheDocument();
    expect(calls).toEqual(['POST', 'DELETE']);
  });

  it('shows a family already on the list as such, and the server’s refusal in words', async () => {
    activeSeason(() => HttpResponse.json(closed));
    server.use(
      onRoute('getOpeningNotice', () => ({ subscribed: false })),
      http.post('/api/tryouts/opening-notice', () =>
        HttpResponse.json(
          { message: 'Registration is open now: register on the tryout page.' },
          { status: 409 },
        ),
      ),
    );
    renderPage({ user: player });

    await userEvent.click(await screen.findByRole('button', { name: 'E-mail me when it opens' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration is open now: register on the tryout page.',
    );
    expect(screen.getByRole('button', { name: 'E-mail me when it opens' })).toBeEnabled();
  });

  it('asks a signed-out visitor to sign in, and brings them back here after', async () => {
    activeSeason(() => HttpResponse.json(closed));
    renderPage();

    const link = await screen.findByRole('link', { name: 'Sign in to be e-mailed' });
    expect(link).toHaveAttribute('href', '/login');
    await userEvent.click(link);
    expect(sessionStorage.getItem('return-to')).toBe('/TryoutsClosed');
  });
});
