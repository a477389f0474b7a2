import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { discoverAccountRoutes, startingRouteTree } from './account-route-discovery';
import { loadRouteModules } from './load-route-modules';

/** Starts a router at `path` as the browser app does (app.tsx): the tree it starts with, and discovery. */
async function startAt(path: string) {
  const routes = await startingRouteTree(path);
  await loadRouteModules(routes, path);
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverAccountRoutes,
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** The deepest route's path of `path` in `routes`, as the router would match it. */
function matchedPath(routes: Awaited<ReturnType<typeof startingRouteTree>>, path: string) {
  return matchRoutes(routes, path)?.at(-1)?.route.path;
}

describe('the account routes join the router when a path needs them', () => {
  beforeEach(() => {
    // A navigation scrolls to the top (use-scroll-on-navigate), which jsdom does not do.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    server.use(
      http.get('/api/seasons/active', () =>
        HttpResponse.json({ message: 'No active season.' }, { status: 404 }),
      ),
    );
  });

  it('starts a public page without them: /login matches only the not-found page there', async () => {
    const routes = await startingRouteTree('/');

    expect(matchedPath(routes, '/')).toBeUndefined(); // the home page is the index route
    expect(matchedPath(routes, '/about')).toBe('about');
    expect(matchedPath(routes, '/login')).toBe('*');
    expect(matchedPath(routes, '/admin')).toBe('*');
  });

  it.each([
    ['/login', 'login'],
    ['/dashboard', 'dashboard'],
    ['/reset-password/abc', 'reset-password/:token'],
    ['/admin', 'admin'],
  ])('starts %s with them, so the page is there before the router starts', async (path, route) => {
    const routes = await startingRouteTree(path);

    expect(matchedPath(routes, path)).toBe(route);
  });

  it('opens the sign-in page from a public page by a client-side navigation', async () => {
    // Prepare
    const router = await startAt('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Edmonton Summit Basketball Club' }),
    ).toBeInTheDocument();

    // Act
    await act(() => router.navigate('/login'));

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('opens a page with a path parameter (a mailed reset link) by a client-side navigation', async () => {
    const router = await startAt('/about');

    await act(() => router.navigate('/reset-password/abc'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a New Password' })).toBeInTheDocument();
  });

  it('still answers a path nobody serves with the not-found page, with or without the account routes', async () => {
    // Prepare
    const router = await startAt('/about');

    // Act: first a path that is nobody's, then an account page, then a path that is nobody's again
    await act(() => router.navigate('/no-such-page'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await act(() => router.navigate('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await act(() => router.navigate('/login/extra'));

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
