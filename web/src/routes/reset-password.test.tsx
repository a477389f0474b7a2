import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { landed, renderWithSession } from '../features/auth/test-render';
import { server } from '../test/server';
import ResetPasswordPage from './reset-password';

const TOKEN = 'Zq-4_'.repeat(8) + 'abc';
const routes = [
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  landed('/login'),
];

describe('the reset-password screen', () => {
  it.each([
    ['the mails’ fragment link', `/reset-password#${TOKEN}`],
    ['spec §2’s path', `/reset-password/${TOKEN}`],
  ])('posts the token of %s with the new password', async (_which, path) => {
    let body: unknown;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const user = userEvent.setup();
    renderWithSession(routes, path);

    await user.type(screen.getByLabelText('New password'), 'Fresh!Password9');
    await user.type(screen.getByLabelText('Confirm password'), 'Fresh!Password9');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Password reset successfully!');
    expect(body).toEqual({ token: TOKEN, password: 'Fresh!Password9' });
  });
});
