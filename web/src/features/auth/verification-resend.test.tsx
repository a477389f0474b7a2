import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { renderWithSession } from './test-render';
import { VerificationResend } from './verification-resend';

function renderResend(props: { email?: string; askEmail?: boolean } = { email: 'maya@example.com' }) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { user, ...renderWithSession([{ path: '/', element: <VerificationResend {...props} /> }], '/') };
}

const resendButton = () => screen.getByRole('button', { name: 'Resend verification email' });

// Cooldowns and redirects run on a fake clock that otherwise keeps pace with real time.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('VerificationResend', () => {
  it('resends to the carried address and keeps the cooldown across a reload', async () => {
    // Prepare
    let body: unknown;
    server.use(
      http.post('/api/auth/resend-verification', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const first = renderResend();

    // Act
    await first.user.click(resendButton());

    // Assess
    expect(await screen.findByRole('status')).toHaveTextContent('Verification email sent successfully!');
    expect(body).toEqual({ email: 'maya@example.com' });
    expect(resendButton()).toBeDisabled();
    expect(screen.getByText('You can request another email in 60 seconds.')).toBeInTheDocument();

    // Act: a reload 15 seconds later
    first.unmount();
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    renderResend();

    // Assess
    expect(resendButton()).toBeDisabled();
    expect(screen.getByText('You can request another email in 45 seconds.')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(45_000);
    });
    expect(resendButton()).toBeEnabled();
  });

  it.each([
    [
      'the server message',
      HttpResponse.json({ message: 'Too many attempts.' }, { status: 429 }),
      'Too many attempts.',
    ],
    ['the fallback', new HttpResponse(null, { status: 500 }), 'Failed to resend verification email.'],
    ['a server error', HttpResponse.error(), 'Server error. Please try again.'],
  ])('on failure shows %s', async (_which, answer, shown) => {
    // Prepare
    server.use(http.post('/api/auth/resend-verification', () => answer.clone()));
    const { user } = renderResend();

    // Act
    await user.click(resendButton());

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(resendButton()).toBeEnabled();
  });

  it('asks for the address when none is carried', async () => {
    // Prepare
    let body: unknown;
    server.use(
      http.post('/api/auth/resend-verification', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const { user } = renderResend({ askEmail: true });

    // Act
    await user.click(resendButton());

    // Assess
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required.');
    await user.type(screen.getByLabelText('Email'), 'maya@example.com');
    await user.click(resendButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Verification email sent successfully!');
    expect(body).toEqual({ email: 'maya@example.com' });
  });
});
