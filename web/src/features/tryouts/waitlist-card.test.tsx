/**
 * Issue 45 §1 on the dashboard: a registration on its group's waitlist shows its place ("Waitlist: 3rd of 7"),
 * kept current, and once a spot is held for it, the hold's end in Edmonton time and the way to take it.
 */
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyTryout } from '@club/shared/types';
import { server } from '../../test/server';
import { aTryout } from './test-data';
import { TryoutDashboard } from './tryout-dashboard';

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/dashboard', element: <TryoutDashboard /> }], {
    initialEntries: ['/dashboard'],
  });
  render(<RouterProvider router={router} />);
}

/** GET /tryouts/my answers each of `answers` in turn, the last one from then on. */
function myTryoutInTurn(...answers: MyTryout[]) {
  let n = 0;
  server.use(
    http.get('/api/tryouts/my', () => HttpResponse.json(answers[Math.min(n++, answers.length - 1)])),
  );
}

const waitlisted = (overrides: Partial<MyTryout> = {}) =>
  aTryout({
    tryout_number: null,
    payment_method: null,
    payment_status: null,
    status: 'waitlisted',
    waitlist_position: 3,
    waitlist_size: 7,
    ...overrides,
  });

afterEach(() => vi.useRealTimers());

describe('the dashboard of a family on the waitlist (issue 45)', () => {
  it('says "Waitlist: 3rd of 7", with no tryout number and nothing to pay', async () => {
    myTryoutInTurn(waitlisted());

    renderDashboard();

    expect(await screen.findByText('Waitlist: 3rd of 7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your place on the waitlist' })).toBeInTheDocument();
    expect(screen.queryByText(/tryout number 42|#42/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /pay/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeInTheDocument();
  });

  it('keeps the place current: read again a minute later, it says "Waitlist: 2nd of 6"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    myTryoutInTurn(waitlisted(), waitlisted({ waitlist_position: 2, waitlist_size: 6 }));
    renderDashboard();
    expect(await screen.findByText('Waitlist: 3rd of 7')).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(60_000);

    expect(await screen.findByText('Waitlist: 2nd of 6')).toBeInTheDocument();
  });

  it('shows a spot held for the family until its end in Edmonton time, and the way to register for it', async () => {
    myTryoutInTurn(waitlisted({ waitlist_position: 1, spot_held_until: '2026-11-29T16:30:00.000Z' }));

    renderDashboard();

    expect(
      await screen.findByText(
        'A spot is held for you until Sunday, November 29 at 9:30 a.m. (Edmonton time).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/tryout');
  });
});
