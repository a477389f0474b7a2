import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { ForgotPasswordForm } from './forgot-password-form';
import { renderWithSession } from './test-render';

const routes = [{ path: '/forgot-password', element: <ForgotPasswordForm /> }];
const SENT =
  'Reset link sent! If this email is associated with an account, you will receive a reset link in your email.';

function renderForgot() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { user, ...renderWithSession(routes, '/forgot-password') };
}

async function request(user: ReturnType<typeof userEvent.setup>, email = ' maya@example.com ') {
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

// Cooldowns and redirects run on a fake clock that otherwise keeps pace with real time.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ForgotPasswordForm', () => {
  it('requires an e-mail of the right shape', async () => {
    // Prepare
    const { user } = renderForgot();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    // Assess
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required.');
    await user.type(screen.getByLabelText('Email'), 'maya@');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email format.');
  });

  it('sends the trimmed e-mail and says the link is on its way', async () => {
    // Prepare
    let body: unknown;
    server.use(
      http.post('/api/auth/forgot-password', async ({ request: req }) => {
        body = await req.json();
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const { user } = renderForgot();

    // Act
    await request(user);

    // Assess
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(body).toEqual({ email: 'maya@example.com' });
  });

  it('keeps its 60-second cooldown across a reload', async () => {
    // Prepare
    const requests = vi.fn();
    server.use(
      http.post('/api/auth/forgot-password', () => {
        requests();
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const first = renderForgot();
    await request(first.user);
    await screen.findByRole('status');
    first.unmount();
    await act(async () => {
      vi.advanceTimersByTime(20_000);
    });

    // Act: the page is loaded again and asked once more
    const second = renderForgot();
    await request(second.user);

    // Assess
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please wait 40 seconds before requesting another reset link.',
    );
    expect(requests).toHaveBeenCalledTimes(1);

    // Act: after the cooldown
    await act(async () => {
      vi.advanceTimersByTime(40_000);
    });
    await request(second.user);

    // Assess
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(requests).toHaveBeenCalledTimes(2);
  });

  it('shows the server message on failure', async () => {
    // Prepare
    server.use(
      http.post('/api/auth/forgot-password', () =>
        HttpResponse.json({ message: 'Too many attempts.' }, { status: 429 }),
      ),
    );
    const { user } = renderForgot();

    // Act
    await request(user);

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('says "Error sending reset email." when the server gives no message', async () => {
    // Prepare
    server.use(http.post('/api/auth/forgot-password', () => HttpResponse.error()));
    const { user } = renderForgot();

    // Act
    await request(user);

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('Error sending reset email.');
  });
});
