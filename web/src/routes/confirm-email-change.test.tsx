import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server';
import ConfirmEmailChangePage from './confirm-email-change';

const TOKEN = 'a'.repeat(43);

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [{ path: '/account/confirm-email', element: <ConfirmEmailChangePage /> }],
    {
      initialEntries: [entry],
    },
  );
  render(<RouterProvider router={router} />);
}

describe('/account/confirm-email (issue 18)', () => {
  it('posts the token of the link’s fragment once and says the address changed', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('/api/auth/confirm-email-change', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          success: true,
          message: 'Your e-mail address was changed. Sign in with the new address from now on.',
        });
      }),
    );

    renderAt(`/account/confirm-email#${TOKEN}`);

    expect(
      await screen.findByText('Your e-mail address was changed. Sign in with the new address from now on.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(posted).toEqual([{ token: TOKEN }]);
  });

  it('says a spent or expired link is, with the way back to the account page', async () => {
    server.use(
      http.post('/api/auth/confirm-email-change', () =>
        HttpResponse.json(
          { message: 'This link is invalid or has expired. Ask for a new one from your account page.' },
          { status: 400 },
        ),
      ),
    );

    renderAt(`/account/confirm-email#${TOKEN}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired. Ask for a new one from your account page.',
    );
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
  });
});
