/**
 * Issue 18: signing in comes back to the protected page that asked for it (for every protected page), never
 * to another site or to a page the user may not see.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { LoginForm } from './login-form';
import { RequireAdmin, RequirePlayer } from './require-session';
import { landed, renderWithSession } from './test-render';
import { admin, makeToken, player } from './test-tokens';

const routes = [
  { path: '/login', element: <LoginForm /> },
  { element: <RequirePlayer />, children: [landed('/tryout'), landed('/dashboard')] },
  { element: <RequireAdmin />, children: [landed('/admin')] },
];

async function signInAs(who: typeof player | typeof admin) {
  server.use(http.post('/api/auth/login', () => HttpResponse.json({ token: makeToken(who) })));
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'maya@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret!Pass123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => sessionStorage.clear());

describe('signing in from a protected page', () => {
  it('goes back to /tryout when /tryout sent the visitor to sign in', async () => {
    const { router } = renderWithSession(routes, '/tryout?from=mail');
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');

    await signInAs(player);

    expect(await screen.findByText('landed on /tryout')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?from=mail');
  });

  it('goes back to /admin for an administrator /admin sent to sign in', async () => {
    renderWithSession(routes, '/admin');
    await screen.findByRole('button', { name: 'Login' });

    await signInAs(admin);

    expect(await screen.findByText('landed on /admin')).toBeInTheDocument();
  });

  it('goes to the dashboard once the page was used: a later sign-in starts at home', async () => {
    renderWithSession(routes, '/tryout');
    await signInAs(player);
    await screen.findByText('landed on /tryout');
    sessionStorage.removeItem('token');

    const { router } = renderWithSession(
      [{ path: '/login', element: <LoginForm /> }, ...routes.slice(1)],
      '/login',
    );
    await signInAs(player);

    await screen.findAllByText('landed on /dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each([
    ['another site', '//evil.example/phish', player, '/dashboard'],
    ['a backslash trick', '/\\evil.example', player, '/dashboard'],
    ['an admin page for a family', '/admin', player, '/dashboard'],
    ['a family page for an administrator', '/tryout', admin, '/admin'],
  ])('never follows %s', async (_, remembered, who, home) => {
    sessionStorage.setItem('return-to', remembered);
    const { router } = renderWithSession(routes, '/login');

    await signInAs(who);

    await screen.findByText(`landed on ${home}`);
    expect(router.state.location.pathname).toBe(home);
  });
});

describe('reloading a protected page while the session is restored (issue 34)', () => {
  it('keeps an administrator on /admin while an expired token is refreshed, never sending them to sign in', async () => {
    // Prepare: a stored token past its 15 minutes; the refresh answers after a moment, as a network does
    sessionStorage.setItem('token', makeToken(admin, -60));
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/auth/refresh-token', async () => {
        await answered;
        return HttpResponse.json({ token: makeToken(admin) });
      }),
    );
    const seen: string[] = [];

    // Act
    const { router } = renderWithSession(routes, '/admin');
    router.subscribe((state) => seen.push(state.location.pathname));
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();

    // Assess: /admin, and no visit to /login on the way
    expect(await screen.findByText('landed on /admin')).toBeInTheDocument();
    expect(seen).not.toContain('/login');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('keeps a player on /tryout the same way', async () => {
    sessionStorage.setItem('token', makeToken(player, -60));
    server.use(
      http.post('/api/auth/refresh-token', async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({ token: makeToken(player) });
      }),
    );
    const seen: string[] = [];

    const { router } = renderWithSession(routes, '/tryout');
    router.subscribe((state) => seen.push(state.location.pathname));

    expect(await screen.findByText('landed on /tryout')).toBeInTheDocument();
    expect(seen).not.toContain('/login');
  });
});
