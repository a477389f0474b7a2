import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@club/shared';
import { renderWithSession } from '../features/auth/test-render';
import { admin, makeToken, player } from '../features/auth/test-tokens';
import { server } from '../test/server';
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

describe('e-mail screens (spec §2)', () => {
  it('/check-email names the address it was sent to and offers a resend and a different e-mail', async () => {
    // Act
    renderWithSession(routes, '/check-email?email=maya%40example.com');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Registration Successful' })).toBeInTheDocument();
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
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken(player));
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
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
