import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS } from '@club/shared/prerendered-paths';
import { server } from '../test/server';
import { loadRouteModules } from './load-route-modules';
import { publicRoutes } from './public-routes';
import { routeTreeOf } from './router';

const routeTree = routeTreeOf(publicRoutes);

async function renderAt(path: string) {
  // As the browser app does: the page's module is loaded before the router starts.
  await loadRouteModules(routeTree, path);
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Spec §2's public and payment routes, written out. */
const SPEC_PUBLIC_PATHS = [
  '/',
  '/about',
  '/FallTeams',
  '/FallTeams/Girls',
  '/FallTeams/Boys',
  '/SpringTeams',
  '/SpringTeams/13u-boys',
  '/SpringTeams/14u-boys',
  '/SpringTeams/15u-boys',
  '/SpringTeams/16u-boys',
  '/SpringTeams/17u-boys',
  '/SpringTeams/18u-boys',
  '/SpringTeams/15u-girls',
  '/SpringTeams/17u-girls',
  '/WinterProgramming',
  '/Training',
  '/Tournaments',
  '/TryoutsClosed',
  '/tryout-information',
  '/sponsorship',
  '/testimonials',
  '/contact',
  '/privacy',
  '/terms',
  '/payment/success',
  '/payment/cancelled',
];

describe('the public route table', () => {
  it('serves exactly the spec’s public pages (the list the prerender step and these tests read)', () => {
    expect([...PUBLIC_PAGE_PATHS].sort()).toEqual([...SPEC_PUBLIC_PATHS].sort());
  });

  // /TryoutsClosed asks whether registration is open once it runs.
  beforeEach(() => {
    server.use(
      http.get('/api/seasons/active', () =>
        HttpResponse.json({ message: 'No active season.' }, { status: 404 }),
      ),
    );
  });

  it.each(SPEC_PUBLIC_PATHS)('renders %s with one page heading and its own title', async (path) => {
    await renderAt(path);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toMatch(/\| Edmonton Summit Basketball Club$/);
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('gives every public page a different title and description', async () => {
    const seen = new Map<string, string>();
    for (const path of SPEC_PUBLIC_PATHS) {
      await renderAt(path);
      const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
      expect(description.length).toBeGreaterThan(30);
      seen.set(document.title, description);
    }
    expect(seen.size).toBe(26);
    expect(new Set(seen.values()).size).toBe(26);
  });

  it('shows the not-found page for an unknown path', async () => {
    await renderAt('/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('has a page for each of the eight spring age groups and no others', async () => {
    await renderAt('/SpringTeams/12u-girls');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('matches paths without regard to letter case, like the old site', async () => {
    await renderAt('/fallteams/girls');

    expect(screen.getByRole('heading', { level: 1, name: 'Fall Girls Teams' })).toBeInTheDocument();
  });
});
