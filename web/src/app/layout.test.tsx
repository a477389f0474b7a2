import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { showsFooter } from '@club/shared/site-paths';
import { loadFooterOf, loadFooter } from '../components/page-footer';
import { Layout } from './layout';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ element: <Layout />, children: [{ path: '*', element: <h1>Page</h1> }] }],
    {
      initialEntries: [path],
    },
  );
  return render(<RouterProvider router={router} />);
}

describe('the footer appears on the marketing paths only (spec §2)', () => {
  it.each([
    '/about',
    '/FallTeams',
    '/FallTeams/Girls',
    '/SpringTeams/13u-boys',
    '/WinterProgramming',
    '/Training',
    '/Tournaments',
    '/sponsorship',
    '/testimonials',
    '/contact',
  ])('shows the footer on %s', async (path) => {
    renderAt(path);

    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Get Involved' })).toBeInTheDocument();
  });

  it.each([
    '/',
    '/tryout-information',
    '/TryoutsClosed',
    '/privacy',
    '/terms',
    '/admin',
    '/payment/success',
    '/aboutus',
  ])('leaves it off %s', async (path) => {
    renderAt(path);
    // Both footers loaded: had either been asked for, it would show now.
    await act(() => Promise.all([loadFooter('marketing'), loadFooter('short')]));

    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it.each(['/login', '/register', '/check-email', '/forgot-password', '/dashboard', '/tryout', '/Tryout/'])(
    'puts a short footer on the account page %s: contact, privacy, terms (issue 18)',
    async (path) => {
      renderAt(path);

      const footer = await screen.findByRole('contentinfo');
      expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
      expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
      expect(within(footer).getByRole('link', { name: 'support@summitbasketball.ca' })).toHaveAttribute(
        'href',
        'mailto:support@summitbasketball.ca',
      );
      expect(screen.queryByRole('heading', { name: 'Get Involved' })).not.toBeInTheDocument();
    },
  );

  it('ignores letter case and a trailing slash, as the router does', async () => {
    expect(showsFooter('/fallteams/girls/')).toBe(true);
    renderAt('/CONTACT');

    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('has the five columns: contact, About, Programs/Events, Impact and Get Involved', async () => {
    renderAt('/contact');
    await screen.findByRole('contentinfo');

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Contact', 'About', 'Programs/Events', 'Impact', 'Get Involved']);
    expect(screen.getByRole('link', { name: 'Testimonials' })).toHaveAttribute('href', '/testimonials');
    expect(screen.getByRole('link', { name: 'Sponsorship' })).toHaveAttribute('href', '/sponsorship');
  });
});

describe('the footers load with the first page that shows one', () => {
  it.each(['/about', '/login'])(
    'hydrates %s, prerendered with its footer, without a mismatch once the footer is loaded',
    async (path) => {
      await loadFooterOf(path);
      const tree = () => (
        <RouterProvider
          router={createMemoryRouter(
            [{ element: <Layout />, children: [{ path: '*', element: <h1>Page</h1> }] }],
            { initialEntries: [path] },
          )}
        />
      );
      const container = document.createElement('div');
      container.innerHTML = renderToString(tree());
      document.body.append(container);
      expect(container.querySelector('footer')).not.toBeNull();
      const mismatches: unknown[] = [];

      await act(async () => {
        hydrateRoot(container, tree(), { onRecoverableError: (error) => mismatches.push(error) });
      });

      expect(mismatches).toEqual([]);
      expect(within(container).getByRole('contentinfo')).toBeInTheDocument();
      container.remove();
    },
  );
});

describe('the layout', () => {
  it('gives every page a skip link, the labelled navigation and a main landmark', () => {
    renderAt('/about');

    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
