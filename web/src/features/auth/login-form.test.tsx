import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { LoginForm } from './login-form';
import { landed, renderWithSession } from './test-render';
import { admin, makeToken, player } from './test-tokens';

const routes = [{ path: '/login', element: <LoginForm /> }, landed('/dashboard'), landed('/admin')];

function renderLogin() {
  return { user: userEvent.setup(), ...renderWithSession(routes, '/login') };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email = 'maya@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Secret!Pass123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => vi.useRealTimers());

describe('LoginForm', () => {
  it('says which fields are required, on blur and on submit', async () => {
    // Prepare
    const { user } = renderLogin();

    // Act
    await user.click(screen.getByLabelText('Email'));
    await user.tab();

    // Assess
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    // Act
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // Assess
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required.');
  });

  it('uses the browser e-mail input and shows or hides the password', async () => {
    // Prepare
    const { user } = renderLogin();

    // Act
    await user.click(screen.getByRole('button', { name: 'Show password' }));

    // Assess
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('sends a player to /dashboard with the token stored', async () => {
    // Prepare
    const token = makeToken(player);
    let body: unknown;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token });
      }),
    );
    const { user, router } = renderLogin();

    // Act
    await fillAndSubmit(user, '  Maya@Example.com ');

    // Assess
    expect(await screen.findByText('landed on /dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(body).toEqual({ email: 'maya@example.com', password: 'Secret!Pass123' });
  });

  it('sends an administrator to /admin', async () => {
    // Prepare
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ token: makeToken(admin) })));
    const { user } = renderLogin();

    // Act
    await fillAndSubmit(user);

    // Assess
    expect(await screen.findByText('landed on /admin')).toBeInTheDocument();
  });

  it('disables the inputs and reads "Signing in..." while busy', async () => {
    // Prepare
    let release!: () => void;
    server.use(
      http.post('/api/auth/login', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ message: 'Invalid email or password.' }, { status: 401 });
      }),
    );
    const { user } = renderLogin();

    // Act
    await fillAndSubmit(user);

    // Assess
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('shows "Login failed" when the server gives no message', async () => {
    // Prepare
    server.use(http.post('/api/auth/login', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderLogin();

    // Act
    await fillAndSubmit(user);

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('shows "An unexpected error occurred" when the request itself fails', async () => {
    // Prepare
    server.use(http.post('/api/auth/login', () => HttpResponse.error()));
    const { user } = renderLogin();

    // Act
    await fillAndSubmit(user);

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });

  it('offers no resend for a login error that does not mention verification', async () => {
    // Prepare
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ message: 'Invalid email or password.' }, { status: 401 }),
      ),
    );
    const { user } = renderLogin();

    // Act
    await fillAndSubmit(user);

    // Assess
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: /resend/i })).not.toBeInTheDocument();
  });

  describe('unverified account', () => {
    function unverified() {
      server.use(
        http.post('/api/auth/login', () =>
          HttpResponse.json({ message: 'Please verify your email before logging in.' }, { status: 403 }),
        ),
      );
    }

    it('resends the verification e-mail, then counts its cooldown down', async () => {
      // Prepare
      vi.useFakeTimers({ shouldAdvanceTime: true });
      unverified();
      let resentTo: unknown;
      let release!: () => void;
      server.use(
        http.post('/api/auth/resend-verification', async ({ request }) => {
          resentTo = await request.json();
          await new Promise<void>((resolve) => (release = resolve));
          return HttpResponse.json({ success: true, message: 'sent' });
        }),
      );
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithSession(routes, '/login');
      await fillAndSubmit(user);

      // Act
      await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

      // Assess
      expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
      release();
      expect(
        await screen.findByText('Verification email resent! Please check your inbox.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Verification email has been sent successfully.')).toBeInTheDocument();
      expect(resentTo).toEqual({ email: 'maya@example.com' });
      expect(
        screen.getByRole('button', {
          name: 'Resend verification email (60s)',
        }),
      ).toBeDisabled();
      await act(async () => {
        vi.advanceTimersByTime(10_000);
      });
      expect(screen.getByRole('button', { name: 'Resend verification email (50s)' })).toBeDisabled();
      await act(async () => {
        vi.advanceTimersByTime(50_000);
      });
      expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
    });

    it('shows the server message when the resend is refused', async () => {
      // Prepare
      unverified();
      server.use(
        http.post('/api/auth/resend-verification', () =>
          HttpResponse.json({ message: 'Too many attempts.' }, { status: 429 }),
        ),
      );
      const { user } = renderLogin();
      await fillAndSubmit(user);

      // Act
      await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

      // Assess
      expect(await screen.findByText('Too many attempts.')).toBeInTheDocument();
    });

    it('says "Failed to resend verification email." when the server gives no message', async () => {
      // Prepare
      unverified();
      server.use(http.post('/api/auth/resend-verification', () => new HttpResponse(null, { status: 500 })));
      const { user } = renderLogin();
      await fillAndSubmit(user);

      // Act
      await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

      // Assess
      expect(await screen.findByText('Failed to resend verification email.')).toBeInTheDocument();
    });
  });

  describe('when sign-ins of the account were limited (issue 34)', () => {
    const LIMITED =
      'Too many attempts. If this is your account, we e-mailed you a sign-in code: enter it with your password to sign in now, or wait a few minutes and try again.';

    it('asks for the mailed code and signs in with it and the password', async () => {
      // Prepare: refused first; with the code, in
      const bodies: unknown[] = [];
      server.use(
        http.post('/api/auth/login', async ({ request }) => {
          const body = (await request.json()) as { code?: string };
          bodies.push(body);
          return body.code === '042917'
            ? HttpResponse.json({ token: makeToken(player) })
            : HttpResponse.json({ message: LIMITED }, { status: 429 });
        }),
      );
      const { user } = renderLogin();
      await fillAndSubmit(user);
      expect(await screen.findByText(LIMITED)).toBeInTheDocument();

      // Act
      await user.type(screen.getByLabelText('Sign-in code (from the e-mail)'), '042917');
      await user.click(screen.getByRole('button', { name: 'Login' }));

      // Assess
      expect(await screen.findByText('landed on /dashboard')).toBeInTheDocument();
      expect(bodies).toEqual([
        { email: 'maya@example.com', password: 'Secret!Pass123' },
        { email: 'maya@example.com', password: 'Secret!Pass123', code: '042917' },
      ]);
    });

    it('says what a code must be before sending one that is not six digits', async () => {
      let calls = 0;
      server.use(
        http.post('/api/auth/login', () => {
          calls += 1;
          return HttpResponse.json({ message: LIMITED }, { status: 429 });
        }),
      );
      const { user } = renderLogin();
      await fillAndSubmit(user);
      await screen.findByText(LIMITED);

      await user.type(screen.getByLabelText('Sign-in code (from the e-mail)'), '12a');
      await user.click(screen.getByRole('button', { name: 'Login' }));

      expect(screen.getByText('Enter the 6-digit code from the e-mail.')).toBeInTheDocument();
      expect(calls).toBe(1);
    });

    it('asks for no code before a refusal', () => {
      renderLogin();
      expect(screen.queryByLabelText('Sign-in code (from the e-mail)')).not.toBeInTheDocument();
    });
  });
});
