import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@club/shared';
import { renderWithSession } from '../features/auth/test-render';
import { admin, makeToken, player } from '../features/auth/test-tokens';
import { accountRoutes } from './account-routes';

const routes = [{ path: '/', children: accountRoutes }];

describe('protected routes (spec §2 guards)', () => {
  it('sends a visitor without a session from /dashboard to /login', async () => {
    // Act
    const { router } = renderWithSession(routes, '/dashboard');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a visitor without a session from /admin to /login', async () => {
    // Act
    const { router } = renderWithSession(routes, '/admin');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('welcomes a player on /dashboard by first name', async () => {
    // Prepare
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken(player));

    // Act
    renderWithSession(routes, '/dashboard');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya!' })).toBeInTheDocument();
  });

  it('sends a player who types /admin to /dashboard', async () => {
    // Prepare
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken(player));

    // Act
    const { router } = renderWithSession(routes, '/admin');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends an administrator on /dashboard to /admin', async () => {
    // Prepare
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken(admin));

    // Act
    const { router } = renderWithSession(routes, '/dashboard');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tryouts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Player Details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});
