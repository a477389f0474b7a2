import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../features/auth/test-render';
import { admin, makeToken, player } from '../features/auth/test-tokens';
import { deferred } from '../features/tryouts/test-data';
import { onRoute } from '../test/route-mock';
import { server } from '../test/server';
import { anAthlete } from '../test/builders';
import { accountRoutes } from './account-routes';

const routes = [{ path: '/', children: accountRoutes }];

/** The player, the one athlete of its household, has no registration yet (the dashboard's card asks for it). */
function notRegistered() {
  server.use(
    http.get('/api/tryouts/my', () =>
      HttpResponse.json({ message: 'You are not registered for the current season.' }, { status: 404 }),
    ),
    onRoute('getHousehold', () => ({
      guardians: [{ id: player.id, first_name: 'Maya', last_name: 'Okafor', email: player.email }],
      athletes: [
        anAthlete({
          id: player.id,
          first_name: 'Maya',
          last_name: 'Okafor',
          date_of_birth: '2010-06-15',
          emergency_contact_name: 'Ada Okafor',
          emergency_contact_phone: '780-555-0102',
          emergency_contact_email: 'ada@example.com',
        }),
      ],
    })),
  );
}

describe('protected routes (spec §2 guards)', () => {
  it('sends a visitor without a session from /dashboard to /login', async () => {
    // Act
    const { router } = renderWithSession(routes, '/dashboard');

    // Assess (the dashboard guards itself, so its module, imported here for the first time, loads first)
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a visitor without a session from /admin to /login', async () => {
    // Act
    const { router } = renderWithSession(routes, '/admin');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('welcomes a player on /dashboard by first name, above their tryout card', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player));
    notRegistered();

    // Act
    renderWithSession(routes, '/dashboard');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya!' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ready to Join?' })).toBeInTheDocument();
  });

  it('sends a player who types /admin to /dashboard', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player));
    notRegistered();

    // Act
    const { router } = renderWithSession(routes, '/admin');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends an administrator on /dashboard to /admin', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(admin));

    // Act
    const { router } = renderWithSession(routes, '/dashboard');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tryouts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Player Details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});

describe('a reload on /dashboard with an expired stored token (spec §4)', () => {
  /** Renders /dashboard after a reload whose refresh answers only when the test says so. */
  function reloadWithSlowRefresh(answer: () => Response) {
    sessionStorage.setItem('token', makeToken(player, -60));
    const refresh = deferred();
    server.use(
      http.post('/api/auth/refresh-token', async () => {
        await refresh.promise;
        return answer();
      }),
    );
    const rendered = renderWithSession(routes, '/dashboard');
    const visited = [rendered.router.state.location.pathname];
    rendered.router.subscribe((state) => visited.push(state.location.pathname));
    return { ...rendered, visited, answerRefresh: refresh.resolve };
  }

  it('waits for the refresh and stays on /dashboard once it succeeds, never passing through /login', async () => {
    // Prepare
    notRegistered();
    const fresh = makeToken(player);
    const { router, visited, answerRefresh } = reloadWithSlowRefresh(() =>
      HttpResponse.json({ token: fresh }),
    );

    // Act: the dashboard's frame stands while the refresh is still out (issue 20), then the refresh answers
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your dashboard…');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome!');
    expect(router.state.location.pathname).toBe('/dashboard');
    answerRefresh();

    // Assess
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(visited).not.toContain('/login');
    expect(sessionStorage.getItem('token')).toBe(fresh);
  });

  it('goes to /login with the token removed when the refresh fails', async () => {
    // Prepare
    const { router, answerRefresh } = reloadWithSlowRefresh(() => new HttpResponse(null, { status: 401 }));

    // Act
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your dashboard…');
    answerRefresh();

    // Assess
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('/tryout is a player’s screen (spec §2 guards)', () => {
  it('tells a visitor without a session on /tryout what happens next, and remembers to come back (issue 36)', async () => {
    // Act
    const { router } = renderWithSession(routes, '/tryout');

    // Assess
    expect(
      await screen.findByText('Sign in or create a family account to register your child.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a family account' })).toHaveAttribute(
      'href',
      '/register?as=guardian',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/tryout');
    // Remembered once the card has been shown (an effect, which a busy machine may run a moment later).
    await waitFor(() => expect(sessionStorage.getItem('return-to')).toBe('/tryout'));
  });

  it('sends an administrator on /tryout to /admin', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(admin));

    // Act
    const { router } = renderWithSession(routes, '/tryout');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('shows a signed-in player the registration form, asking with their token', async () => {
    // Prepare
    const token = makeToken(player);
    sessionStorage.setItem('token', token);
    const authorizations: Array<string | null> = [];
    server.use(
      http.get('/api/seasons/active', () =>
        HttpResponse.json({
          id: 'season-1',
          name: 'Fall 2025 Tryouts',
          is_active: true,
          age_groups: ['15U Boys'],
          is_registration_open: true,
          tryout_fee_cents: 5000,
          sibling_fee_cents: 5000,
          reference_year: 2025,
          sessions: [],
          teamsnap_links: {},
        }),
      ),
      http.get('/api/tryouts/my', ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return HttpResponse.json({ message: 'Not registered.' }, { status: 404 });
      }),
      // A player's household holds the player.
      onRoute('getHousehold', () => ({
        guardians: [],
        athletes: [
          anAthlete({
            id: player.id,
            first_name: 'Maya',
            last_name: 'Okafor',
            date_of_birth: '2010-01-01',
            emergency_contact_name: 'Ada Okafor',
            emergency_contact_phone: '780-555-0100',
            emergency_contact_email: 'ada@example.test',
          }),
        ],
      })),
    );

    // Act
    renderWithSession(routes, '/tryout');

    // Assess
    expect(await screen.findByRole('group', { name: 'Payment method' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tryout Registration' })).toBeInTheDocument();
    expect(authorizations).toEqual([`Bearer ${token}`]);
  });
});

describe('e-mail screens (spec §2)', () => {
  it('/check-email names the address it was sent to and offers a resend and a different e-mail', async () => {
    // Act
    renderWithSession(routes, '/check-email?email=maya%40example.com');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Registration Successful' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Next: open the e-mail we sent you and follow its link',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'I followed the link: sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByText('maya@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Register with a different email' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('/verify-notice without an e-mail says "Missing email. Please register again."', async () => {
    // Act
    renderWithSession(routes, '/verify-notice');

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('Missing email. Please register again.');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });

  it('/verify-notice?link=invalid says the link is spent and asks for the address to resend to', async () => {
    // Act
    renderWithSession(routes, '/verify-notice?link=invalid');

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('expired or was already used');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  });

  it('/email-confirmed signs the user out and offers the way to login', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player));
    const loggedOut = vi.fn();
    server.use(
      http.post('/api/auth/logout', () => {
        loggedOut();
        return new HttpResponse(null, { status: 204 });
      }),
    );

    // Act
    renderWithSession(routes, '/email-confirmed');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Email Verified Successfully!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', '/login');
    await vi.waitFor(() => expect(loggedOut).toHaveBeenCalled());
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
