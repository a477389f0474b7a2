import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { ResetPasswordForm } from './reset-password-form';
import { landed, renderWithSession } from './test-render';

const TOKEN = 'a'.repeat(43);

function Screen() {
  return <ResetPasswordForm token={useParams().token ?? ''} />;
}
const routes = [{ path: '/reset-password/:token', element: <Screen /> }, landed('/login')];

function renderReset() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { user, ...renderWithSession(routes, `/reset-password/${TOKEN}`) };
}

const newPassword = () => screen.getByLabelText('New password');
const confirmPassword = () => screen.getByLabelText('Confirm password');

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(newPassword(), 'Fresh!Password9');
  await user.type(confirmPassword(), 'Fresh!Password9');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

// Cooldowns and redirects run on a fake clock that otherwise keeps pace with real time.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ResetPasswordForm', () => {
  it('names every missing requirement on blur, and updates live once touched', async () => {
    // Prepare
    const { user } = renderReset();

    // Act
    await user.type(newPassword(), 'abc');
    await user.tab();

    // Assess
    expect(newPassword()).toHaveAccessibleDescription(
      'Password must be at least 12 characters long, include an uppercase letter, include a number, include a special character',
    );
    await user.type(newPassword(), 'DEFGHIJKL1!');
    expect(newPassword()).toHaveAttribute('aria-invalid', 'false');
  });

  it('asks for the confirmation and says when it differs', async () => {
    // Prepare
    const { user } = renderReset();

    // Act
    await user.click(confirmPassword());
    await user.tab();

    // Assess
    expect(confirmPassword()).toHaveAccessibleDescription('Please confirm your password.');
    await user.type(newPassword(), 'Fresh!Password9');
    await user.type(confirmPassword(), 'Fresh!Password8');
    expect(confirmPassword()).toHaveAccessibleDescription('Passwords do not match.');
  });

  it('on a failed submit says so and focuses the first invalid field', async () => {
    // Prepare
    const { user } = renderReset();

    // Act
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    // Assess
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields above.');
    expect(newPassword()).toHaveAccessibleDescription('Password is required.');
    await vi.waitFor(() => expect(newPassword()).toHaveFocus());
  });

  it('shows and hides both passwords', async () => {
    // Prepare
    const { user } = renderReset();

    // Act
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));

    // Assess
    expect(newPassword()).toHaveAttribute('type', 'text');
    expect(confirmPassword()).toHaveAttribute('type', 'text');
  });

  it('resets, says so, and goes to /login after 2.5 seconds', async () => {
    // Prepare
    let body: unknown;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const { user, router } = renderReset();

    // Act
    await fillValid(user);

    // Assess
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password reset successfully! Redirecting to login...',
    );
    // The token goes in the body, never into a URL a log could keep.
    expect(body).toEqual({ token: TOKEN, password: 'Fresh!Password9' });
    // This clock also keeps pace with real time, so the early side keeps 100 ms for the test's own steps.
    await act(async () => {
      vi.advanceTimersByTime(2_400);
    });
    expect(router.state.location.pathname).toBe(`/reset-password/${TOKEN}`);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('landed on /login')).toBeInTheDocument();
  });

  it.each([
    [
      'the first error',
      { message: 'Validation failed', errors: [{ msg: 'Password too weak.' }] },
      'Password too weak.',
    ],
    [
      'the message',
      { message: 'This reset link is invalid or has expired.' },
      'This reset link is invalid or has expired.',
    ],
    ['the fallback', null, 'Reset failed. Link may be expired or invalid.'],
  ])('on failure shows %s', async (_which, answer, shown) => {
    // Prepare
    server.use(
      http.post('/api/auth/reset-password', () =>
        answer ? HttpResponse.json(answer, { status: 400 }) : new HttpResponse(null, { status: 500 }),
      ),
    );
    const { user } = renderReset();

    // Act
    await fillValid(user);

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });
});
