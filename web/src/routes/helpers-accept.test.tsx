/**
 * A helper's invitation link (issue 42): signed out it says the job and offers an adult's sign-up with the
 * invited address filled in; signed in it says the job and the nights before Accept.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@club/shared';
import type { HelperGrant } from '@club/shared/tryout-night';
import { SessionContext } from '../lib/session-context';
import { onRoute } from '../test/route-mock';
import { server } from '../test/server';
import { HelpersAcceptPage } from './helpers-accept';
import RegisterPage from './register';

const TOKEN = 'Hk-3_'.repeat(8) + 'xyz';
const NIGHT = 'Tuesday, August 12, 2025 · 6:00 p.m. – 8:00 p.m. at Harry Ainlay High School';
const link = (job: string) =>
  `/helpers/accept#${TOKEN}&job=${job}&email=casey%40example.test&season=Fall+2025+Tryouts&night=${encodeURIComponent(NIGHT)}`;

function open(path: string, user: SessionUser | null) {
  sessionStorage.clear();
  const router = createMemoryRouter(
    [
      { path: '/helpers/accept', element: <HelpersAcceptPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <h1>landed on /login</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionContext.Provider value={{ user, ready: true, logout: async () => {} }}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return router;
}

describe('a helper’s invitation link (issue 42)', () => {
  it('signed out, says the job and the night, and its sign-up is an adult’s with the invited address', async () => {
    const user = userEvent.setup();
    open(link('check-in'), null);

    expect(
      screen.getByText('You were invited to help at check-in at Fall 2025 Tryouts.'),
    ).toBeInTheDocument();
    expect(screen.getByText(NIGHT)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create your helper account' }));

    expect(
      await screen.findByText(/^You were invited to help at check-in\. Create your account/),
    ).toBeInTheDocument();
    expect(
      (screen.getByLabelText('An adult helper (parent, guardian or volunteer)') as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('casey@example.test');
  });

  it('names the evaluator job when that is the one offered', () => {
    open(link('evaluator'), null);

    expect(
      screen.getByText('You were invited to help as an evaluator at Fall 2025 Tryouts.'),
    ).toBeInTheDocument();
  });

  it('signed in, says the job and the nights before Accept, and accepts with the token alone', async () => {
    let body: unknown;
    server.use(
      onRoute('acceptHelper', async ({ request }) => {
        body = await request.json();
        const grant: HelperGrant = {
          season_id: '55555555-5555-4555-8555-555555555555',
          season_name: 'Fall 2025 Tryouts',
          role: 'check-in',
          age_groups: [],
          ends_at: null,
        };
        return [grant];
      }),
    );
    const user = userEvent.setup();
    open(link('check-in'), {
      id: '11111111-1111-4111-8111-111111111111',
      first_name: 'Casey',
      last_name: 'Door',
      email: 'casey@example.test',
      is_admin: false,
    } as SessionUser);

    expect(
      screen.getByText('You were invited to help at check-in at Fall 2025 Tryouts.'),
    ).toBeInTheDocument();
    expect(screen.getByText(NIGHT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('link', { name: 'Fall 2025 Tryouts: Check-in' })).toBeInTheDocument();
    expect(body).toEqual({ token: TOKEN });
  });
});
