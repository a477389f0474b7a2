import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { landed, renderWithSession } from '../features/auth/test-render';
import { server } from '../test/server';
import VerifyEmailPage from './verify-email';

const TOKEN = 'Ab_9-'.repeat(8) + 'xyz';
const routes = [
  { path: '/verify-email', element: <VerifyEmailPage /> },
  landed('/email-confirmed'),
  landed('/verify-notice'),
];

/** Answers POST /api/auth/verify-email with `answers` in turn, recording each body. */
function verifyAnswers(...answers: Array<() => Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/auth/verify-email', async ({ request }) => {
      bodies.push(await request.json());
      return answers[Math.min(bodies.length, answers.length) - 1]!();
    }),
  );
  return bodies;
}

describe('/verify-email#<token>', () => {
  it('posts the fragment’s token in the body and lands on the confirmation', async () => {
    const bodies = verifyAnswers(() => HttpResponse.json({ success: true, message: 'verified' }));

    const { router } = renderWithSession(routes, `/verify-email#${TOKEN}`);

    expect(await screen.findByText('landed on /email-confirmed')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }]);
    // The confirmation's address holds no token.
    expect(router.state.location.hash).toBe('');
  });

  it('sends a spent or expired link to the page that mails a new one', async () => {
    verifyAnswers(() =>
      HttpResponse.json({ message: 'This verification link is invalid.' }, { status: 400 }),
    );

    const { router } = renderWithSession(routes, `/verify-email#${TOKEN}`);

    expect(await screen.findByText('landed on /verify-notice')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?link=invalid');
  });

  it('sends a link without a token there too, without asking the server', async () => {
    const bodies = verifyAnswers(() => HttpResponse.json({ success: true, message: 'verified' }));

    const { router } = renderWithSession(routes, '/verify-email');

    expect(await screen.findByText('landed on /verify-notice')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?link=invalid');
    expect(bodies).toEqual([]);
  });

  it('keeps the token when the server cannot answer, and tries again on request', async () => {
    const bodies = verifyAnswers(
      () => new HttpResponse(null, { status: 503 }),
      () => HttpResponse.json({ success: true, message: 'verified' }),
    );
    const user = userEvent.setup();
    renderWithSession(routes, `/verify-email#${TOKEN}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not confirm your email right now. Please check your connection and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('landed on /email-confirmed')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });
});
