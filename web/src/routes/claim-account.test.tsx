/** A walk-up family's claim page (issue 42): a first password, "Set" not "Reset", naming the child. */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { landed, renderWithSession } from '../features/auth/test-render';
import { server } from '../test/server';
import { ClaimAccountPage } from './claim-account';

const TOKEN = 'Zq-4_'.repeat(8) + 'abc';
const routes = [{ path: '/claim-account', element: <ClaimAccountPage /> }, landed('/login')];

describe('the claim page of a walk-up family (issue 42)', () => {
  it('says "Set your password", names the child, and posts the token without the child’s name', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const user = userEvent.setup();
    renderWithSession(routes, `/claim-account#${TOKEN}&child=Leo%20Okafor`);

    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByText(/^Leo Okafor was registered at the door/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/reset/i);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Fresh!Password9' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Fresh!Password9' } });
    await user.click(screen.getByRole('button', { name: 'Set your password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password is set!');
    expect(body).toEqual({ token: TOKEN, password: 'Fresh!Password9' });
  });
});
