import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { showsFooter } from '@club/shared/site-paths';
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
  ])('shows the footer on %s', (path) => {
    renderAt(path);

    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
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
  ])('leaves it off %s', (path) => {
    renderAt(path);

    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it.each(['/login', '/register', '/check-email', '/forgot-password', '/dashboard', '/tryout', '/Tryout/'])(
    'puts a short footer on the account page %s: contact, privacy, terms (issue 18)',
    (path) => {
      renderAt(path);

      const footer = screen.getByRole('contentinfo');
      expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
      expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
      expect(within(footer).getByRole('link', { name: 'support@summitbasketball.ca' })).toHaveAttribute(
        'href',
        'mailto:support@summitbasketball.ca',
      );
      expect(screen.queryByRole('heading', { name: 'Get Involved' })).not.toBeInTheDocument();
    },
  );

  it('ignores letter case and a trailing slash, as the router does', () => {
    expect(showsFooter('/fallteams/girls/')).toBe(true);
    renderAt('/CONTACT');

    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('has the five columns: contact, About, Programs/Events, Impact and Get Involved', () => {
    renderAt('/contact');

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Contact', 'About', 'Programs/Events', 'Impact', 'Get Involved']);
    expect(screen.getByRole('link', { name: 'Testimonials' })).toHaveAttribute('href', '/testimonials');
    expect(screen.getByRole('link', { name: 'Sponsorship' })).toHaveAttribute('href', '/sponsorship');
  });
});

describe('the layout', () => {
  it('gives every page a skip link, the labelled navigation and a main landmark', () => {
    renderAt('/about');

    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
