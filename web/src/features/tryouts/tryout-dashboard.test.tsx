import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyTryout } from '@club/shared/types';
import { SessionContext } from '../../lib/session-context';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { aSeason, aTryout, deferred } from './test-data';
import { TryoutDashboard } from './tryout-dashboard';

function renderDashboard(entry: InitialEntry = '/dashboard') {
  const router = createMemoryRouter([{ path: '/dashboard', element: <TryoutDashboard /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

/** GET /tryouts/my answers with `tryout` (null: 404, not registered); returns how often it was asked. */
function myTryout(tryout: MyTryout | null) {
  const calls = { count: 0 };
  server.use(
    http.get('/api/tryouts/my', () => {
      calls.count += 1;
      return tryout
        ? HttpResponse.json(tryout)
        : HttpResponse.json({ message: 'You are not registered for the current season.' }, { status: 404 });
    }),
  );
  return calls;
}

/** The value the registration card gives for a term. */
function detail(term: string): string | null | undefined {
  return screen.queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent;
}

afterEach(() => vi.unstubAllGlobals());

describe('dashboard registration card (spec §2)', () => {
  it('invites a player who has not registered to join, linking to the registration entry', async () => {
    // Prepare
    myTryout(null);

    // Act
    renderDashboard();

    // Assess
    expect(await screen.findByRole('heading', { name: 'Ready to Join?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register for Tryouts' })).toHaveAttribute(
      'href',
      '/TryoutsClosed',
    );
    expect(screen.queryByRole('heading', { name: 'Your Tryout Registration' })).not.toBeInTheDocument();
  });

  it('leads straight to /tryout while registration is open (issue 18)', async () => {
    // Prepare
    myTryout(null);
    server.use(
      onRoute('getActiveSeason', () => ({
        ...aSeason({ name: 'Fall 2026 Tryouts' }),
        is_registration_open: true,
      })),
    );

    // Act
    renderDashboard();

    // Assess
    expect(await screen.findByText('Registration for Fall 2026 Tryouts is open now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register for Tryouts' })).toHaveAttribute('href', '/tryout');
  });

  it('while registration is closed, says when it opens and puts the family on the list with one click (issue 18)', async () => {
    // Prepare
    myTryout(null);
    let asked = 0;
    server.use(
      onRoute('getActiveSeason', () =>
        aSeason({ is_registration_open: false, registration_opens_on: '2027-01-05' }),
      ),
      onRoute('requestOpeningNotice', () => {
        asked += 1;
        return { subscribed: true };
      }),
      // A player's account: its own athlete is in its household.
      onRoute('getHousehold', () => ({
        guardians: [{ id: 'u1', first_name: 'Maya', last_name: 'Okafor', email: 'maya@example.com' }],
        athletes: [
          {
            id: 'u1',
            first_name: 'Maya',
            last_name: 'Okafor',
            date_of_birth: '2010-04-02',
            emergency_contact_name: 'Ada Okafor',
            emergency_contact_phone: '780-555-0100',
            emergency_contact_email: 'ada@example.test',
            emergency_contact_relationship: 'parent' as const,
            parent_consent: true,
          },
        ],
      })),
    );
    const router = createMemoryRouter([{ path: '/dashboard', element: <TryoutDashboard /> }], {
      initialEntries: ['/dashboard'],
    });
    const user = {
      id: 'u1',
      first_name: 'Maya',
      last_name: 'Okafor',
      email: 'maya@example.com',
      is_admin: false,
    };
    render(
      <SessionContext.Provider value={{ user, ready: true, logout: async () => {} }}>
        <RouterProvider router={router} />
      </SessionContext.Provider>,
    );

    // Act
    const card = (await screen.findByRole('heading', { name: 'Ready to Join?' })).closest('section')!;
    await userEvent.click(await within(card).findByRole('button', { name: 'E-mail me when it opens' }));

    // Assess
    expect(within(card).getByText('Tryout registration is closed right now.')).toBeInTheDocument();
    expect(within(card).getByText('Registration opens on Tuesday, January 5, 2027.')).toBeInTheDocument();
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'We will e-mail maya@example.com once when registration opens.',
    );
    expect(asked).toBe(1);
    expect(within(card).getByRole('link', { name: 'Register for Tryouts' })).toHaveAttribute(
      'href',
      '/TryoutsClosed',
    );
  });

  it('shows season, tryout number, age group, status and payment of a registration', async () => {
    // Prepare
    myTryout(aTryout({ season: 'Fall 2025 Tryouts', tryout_number: 23, age_group: '17U Girls' }));

    // Act
    renderDashboard();

    // Assess
    expect(await screen.findByRole('heading', { name: 'Your Tryout Registration' })).toBeInTheDocument();
    expect(detail('Season')).toBe('Fall 2025 Tryouts');
    expect(detail('Tryout Number')).toBe('23');
    expect(detail('Age Group')).toBe('17U Girls');
    expect(detail('Status')).toBe('Awaiting tryout decision');
    expect(detail('Payment')).toBe('Cash');
    expect(screen.queryByRole('heading', { name: 'Ready to Join?' })).not.toBeInTheDocument();
  });

  it.each([
    ['selected', 'Selected'],
    ['not_selected', 'Not Selected'],
    ['', 'Awaiting tryout decision'],
  ] as const)('reads result "%s" as "%s"', async (result, text) => {
    // Prepare
    myTryout(aTryout({ result }));

    // Act
    renderDashboard();

    // Assess
    await screen.findByRole('heading', { name: 'Your Tryout Registration' });
    expect(detail('Status')).toBe(text);
  });

  it.each([
    ['cash', 'cash', 'Cash', false],
    ['cash', 'paid', 'Cash (paid)', false],
    ['stripe', 'paid', 'Paid (Card)', false],
    ['stripe', 'pending', 'Pending (Card)', true],
    ['stripe', 'failed', 'Failed (Card)', true],
    ['stripe', 'processing', 'Processing (Card)', false],
  ] as const)(
    'shows a %s payment that is %s as "%s" (Complete payment offered: %s)',
    async (method, status, label, payable) => {
      // Prepare
      myTryout(aTryout({ payment_method: method, payment_status: status }));

      // Act
      renderDashboard();

      // Assess
      await screen.findByRole('heading', { name: 'Your Tryout Registration' });
      expect(detail('Payment')).toBe(label);
      expect(screen.queryByRole('button', { name: 'Complete payment' }) !== null).toBe(payable);
    },
  );

  it('explains that a processing card payment is being confirmed', async () => {
    // Prepare
    myTryout(aTryout({ payment_method: 'stripe', payment_status: 'processing' }));

    // Act
    renderDashboard();

    // Assess
    expect(await screen.findByText(/Your card payment is being confirmed\./)).toBeInTheDocument();
  });

  it('links a selected player to their team on TeamSnap, in a new tab', async () => {
    // Prepare
    myTryout(aTryout({ result: 'selected', teamsnap_link: 'https://go.teamsnap.com/team/123' }));

    // Act
    renderDashboard();

    // Assess
    const link = await screen.findByRole('link', { name: /Join Your Team on TeamSnap/ });
    expect(link).toHaveAttribute('href', 'https://go.teamsnap.com/team/123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('congratulates a selected player in the mail’s words, with the next step (issue 18)', async () => {
    myTryout(aTryout({ result: 'selected', teamsnap_link: 'https://go.teamsnap.com/team/123' }));

    renderDashboard();

    expect(await screen.findByRole('heading', { name: 'Congratulations!' })).toBeInTheDocument();
    expect(screen.getByText('You made the 15U Boys team for Fall 2025 Tryouts.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Next step: join the team on TeamSnap. The coach shares the practice schedule, tournaments and uniform sizing there.',
      ),
    ).toBeInTheDocument();
  });

  it('tells a player not selected, kindly, what comes next (issue 18)', async () => {
    myTryout(aTryout({ result: 'not_selected' }));

    renderDashboard();

    expect(await screen.findByRole('heading', { name: 'Thank you for trying out' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'It takes courage, and the coaches saw the effort. We were not able to offer a spot on the 15U Boys team for Fall 2025 Tryouts; the decisions were close, and this is not the end of the road.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See camps and training' })).toHaveAttribute('href', '/Training');
    expect(screen.getByRole('link', { name: 'Winter programming' })).toHaveAttribute(
      'href',
      '/WinterProgramming',
    );
    expect(screen.queryByRole('heading', { name: /Congratulations/ })).not.toBeInTheDocument();
  });

  it('says nothing of a result not decided yet', async () => {
    myTryout(aTryout({ result: '' }));

    renderDashboard();

    await screen.findByRole('heading', { name: 'Your Tryout Registration' });
    expect(screen.queryByRole('heading', { name: /Congratulations|Thank you/ })).not.toBeInTheDocument();
  });

  it('has no TeamSnap link without a team link', async () => {
    // Prepare
    myTryout(aTryout({ result: 'selected', teamsnap_link: null }));

    // Act
    renderDashboard();

    // Assess
    await screen.findByRole('heading', { name: 'Your Tryout Registration' });
    expect(screen.queryByRole('link', { name: /TeamSnap/ })).not.toBeInTheDocument();
  });

  it('never turns a team link that is not a web address into a link', async () => {
    // Prepare
    myTryout(aTryout({ result: 'selected', teamsnap_link: 'javascript:alert(1)' }));

    // Act
    renderDashboard();

    // Assess
    await screen.findByRole('heading', { name: 'Your Tryout Registration' });
    expect(screen.queryByRole('link', { name: /TeamSnap/ })).not.toBeInTheDocument();
  });

  it('says "An error occurred while loading your tryout information." when the record cannot be read', async () => {
    // Prepare
    server.use(http.get('/api/tryouts/my', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })));

    // Act
    renderDashboard();

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while loading your tryout information.',
    );
    expect(screen.queryByRole('heading', { name: 'Ready to Join?' })).not.toBeInTheDocument();
  });

  it('shows the notice a cash registration carries, above the card', async () => {
    // Prepare
    myTryout(aTryout());

    // Act
    renderDashboard({
      pathname: '/dashboard',
      state: { notice: 'Registered! Please bring cash on tryout day.' },
    });

    // Assess
    const card = await screen.findByRole('region', { name: 'Your Tryout Registration' });
    const notice = screen.getByText('Registered! Please bring cash on tryout day.');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says "You\u2019re registered!" once: not again on a reload, nor above a result the next day (issue 42)', async () => {
    // Prepare: back from a card payment, the notice rides on the history entry.
    myTryout(aTryout({ payment_method: 'stripe', payment_status: 'paid' }));
    const { router } = renderDashboard({
      pathname: '/dashboard',
      state: { notice: "You're registered! $45.00 paid by card." },
    });
    expect(await screen.findByText("You're registered! $45.00 paid by card.")).toBeInTheDocument();

    // Act: the next day the result is set, and the tab is reloaded on the same history entry.
    await vi.waitFor(() => expect(router.state.location.state).toBeNull());
    const entry = router.state.location;
    cleanup();
    myTryout(aTryout({ payment_method: 'stripe', payment_status: 'paid', result: 'selected' }));
    renderDashboard(entry);

    // Assess
    expect(await screen.findByRole('heading', { name: /Congratulations/ })).toBeInTheDocument();
    expect(screen.queryByText("You're registered! $45.00 paid by card.")).not.toBeInTheDocument();
  });

  it('never shows a registration notice above a result', async () => {
    myTryout(aTryout({ result: 'not_selected' }));

    renderDashboard({
      pathname: '/dashboard',
      state: { notice: 'Registered! Please bring cash on tryout day.' },
    });

    expect(await screen.findByRole('region', { name: 'Your Tryout Registration' })).toBeInTheDocument();
    expect(screen.queryByText('Registered! Please bring cash on tryout day.')).not.toBeInTheDocument();
  });
});

describe('a card that waits for the club’s answer about financial support (issue 42)', () => {
  it('says what happens next, offers no card payment yet, and keeps cash open', async () => {
    // Prepare
    myTryout(aTryout({ payment_method: 'stripe', payment_status: 'pending', support_answer_pending: true }));

    // Act
    renderDashboard();

    // Assess
    expect(await screen.findByRole('heading', { name: 'Waiting for the club’s answer' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your spot is saved, and nothing has been charged. You asked about financial support: the club will e-mail you the fee. Then you can pay it by card here, or pay cash on tryout day. If you would rather pay cash, choose Pay cash at tryouts instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay cash at tryouts instead' })).toBeEnabled();
  });
});

describe('Complete payment (spec §4)', () => {
  it('opens a fresh checkout with a full-page redirect, reading "Opening checkout..." meanwhile', async () => {
    // Prepare
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    myTryout(aTryout({ payment_method: 'stripe', payment_status: 'pending' }));
    const held = deferred();
    const checkouts = { count: 0 };
    server.use(
      http.post('/api/payments/checkout', async () => {
        checkouts.count += 1;
        await held.promise;
        return HttpResponse.json({ url: 'https://checkout.stripe.test/c/pay/cs_test_again' });
      }),
    );
    const { user } = renderDashboard();
    const button = await screen.findByRole('button', { name: 'Complete payment' });

    // Act
    await user.dblClick(button);

    // Assess
    expect(button).toHaveTextContent('Opening checkout...');
    expect(button).toBeDisabled();

    // Act
    held.resolve();

    // Assess
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_again'),
    );
    expect(checkouts.count).toBe(1);
    expect(button).toBeDisabled();
  });

  it('shows the server’s message when checkout cannot start, and lets the player try again', async () => {
    // Prepare
    myTryout(aTryout({ payment_method: 'stripe', payment_status: 'failed' }));
    server.use(
      http.post('/api/payments/checkout', () =>
        HttpResponse.json(
          { message: 'There is nothing left to pay for this registration.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderDashboard();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Complete payment' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is nothing left to pay for this registration.',
    );
    expect(screen.getByRole('button', { name: 'Complete payment' })).toBeEnabled();
  });
});

describe('pay cash at tryouts instead', () => {
  it('switches an unpaid card registration to cash, the card showing Cash and the checkout gone', async () => {
    // Prepare
    myTryout(aTryout({ payment_method: 'stripe', payment_status: 'pending', tryout_number: 12 }));
    const sent: unknown[] = [];
    server.use(
      http.patch('/api/tryouts/my', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          aTryout({ payment_method: 'cash', payment_status: 'cash', tryout_number: 12 }),
        );
      }),
    );
    const { user } = renderDashboard();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Pay cash at tryouts instead' }));

    // Assess
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your registration is now cash. Please bring cash on tryout day.',
    );
    expect(sent).toEqual([{ payment_method: 'cash' }]);
    expect(detail('Payment')).toBe('Cash');
    expect(detail('Tryout Number')).toBe('12');
    expect(screen.queryByRole('button', { name: 'Complete payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay cash at tryouts instead' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the card registration as it was', async () => {
    // Prepare
    myTryout(aTryout({ payment_method: 'stripe', payment_status: 'failed' }));
    server.use(
      http.patch('/api/tryouts/my', () =>
        HttpResponse.json(
          { message: 'Your card payment has already gone through, so there is no cash to bring.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderDashboard();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Pay cash at tryouts instead' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card payment has already gone through, so there is no cash to bring.',
    );
    expect(screen.getByRole('button', { name: 'Pay cash at tryouts instead' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Complete payment' })).toBeEnabled();
  });
});

describe('return from checkout (spec §4)', () => {
  it('shows "Finalizing your payment…" while confirming, then reloads the record and cleans the address', async () => {
    // Prepare
    const held = deferred();
    const confirmed: Array<string | null> = [];
    server.use(
      http.get('/api/payments/confirm', async ({ request }) => {
        confirmed.push(new URL(request.url).searchParams.get('session_id'));
        await held.promise;
        return HttpResponse.json({ payment_status: 'paid' });
      }),
    );
    const reads = myTryout(
      aTryout({
        payment_method: 'stripe',
        payment_status: 'paid',
        amount_paid_cents: 5000,
        amount_due_cents: 0,
      }),
    );

    // Act
    const { router } = renderDashboard('/dashboard?session_id=cs_test_a1b2c3d4e5');

    // Assess
    expect(await screen.findByRole('status')).toHaveTextContent('Finalizing your payment…');
    await vi.waitFor(() => expect(confirmed).toEqual(['cs_test_a1b2c3d4e5']));
    expect(reads.count).toBe(0);

    // Act
    held.resolve();

    // Assess
    expect(await screen.findByRole('heading', { name: 'Your Tryout Registration' })).toBeInTheDocument();
    expect(detail('Payment')).toBe('Paid (Card)');
    expect(screen.queryByText('Finalizing your payment…')).not.toBeInTheDocument();
    expect(reads.count).toBe(1);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(reads.count).toBe(1);
    // Paid: said in words, with what was paid (issue 18).
    expect(await screen.findByText("You're registered! $50.00 paid by card.")).toBeInTheDocument();
  });

  it('still reloads the record and cleans the address when confirming fails', async () => {
    // Prepare
    server.use(
      http.get('/api/payments/confirm', () =>
        HttpResponse.json({ message: 'Payment not found.' }, { status: 404 }),
      ),
    );
    const reads = myTryout(aTryout({ payment_method: 'stripe', payment_status: 'pending' }));

    // Act
    const { router } = renderDashboard('/dashboard?session_id=cs_test_a1b2c3d4e5');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Your Tryout Registration' })).toBeInTheDocument();
    expect(detail('Payment')).toBe('Pending (Card)');
    expect(screen.getByRole('button', { name: 'Complete payment' })).toBeEnabled();
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(reads.count).toBe(1);
    expect(screen.queryByText('Finalizing your payment…')).not.toBeInTheDocument();
  });

  it('confirms nothing on an ordinary visit', async () => {
    // Prepare
    const confirms = { count: 0 };
    server.use(
      http.get('/api/payments/confirm', () => {
        confirms.count += 1;
        return HttpResponse.json({ payment_status: 'paid' });
      }),
    );
    const reads = myTryout(aTryout());

    // Act
    renderDashboard();

    // Assess
    expect(await screen.findByRole('heading', { name: 'Your Tryout Registration' })).toBeInTheDocument();
    expect(screen.queryByText('Finalizing your payment…')).not.toBeInTheDocument();
    expect(reads.count).toBe(1);
    expect(confirms.count).toBe(0);
  });
});

describe('the player’s sessions and calendar (issue 15)', () => {
  const SESSION = {
    kind: 'tryout' as const,
    age_groups: ['15U Boys' as const],
    starts_at: '2026-08-18T18:00',
    ends_at: '2026-08-18T19:30',
    location: 'Harry Ainlay gym',
    address: '4350 111 St NW, Edmonton',
  };

  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('lists the sessions and saves the calendar file fetched with the sign-in token', async () => {
    // Prepare
    sessionStorage.setItem('token', 'header.payload.signature');
    myTryout(aTryout({ sessions: [SESSION] }));
    let authorization: string | null = null;
    server.use(
      http.get('/api/tryouts/my/calendar.ics', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          headers: {
            'content-type': 'text/calendar; charset=utf-8',
            'content-disposition': 'attachment; filename="summit-tryouts.ics"',
          },
        });
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderDashboard();

    // Act
    const list = await screen.findByRole('list', { name: 'Your tryout sessions' });
    await user.click(screen.getByRole('button', { name: 'Add tryout dates to my calendar' }));

    // Assess
    expect(list).toHaveTextContent('Tuesday, August 18, 2026 · 6:00 p.m. – 7:30 p.m.');
    await vi.waitFor(() => expect(saved).toEqual(['summit-tryouts.ics']));
    expect(authorization).toBe('Bearer header.payload.signature');
  });

  it('offers no calendar while the club has set no sessions', async () => {
    myTryout(aTryout({ sessions: [] }));

    renderDashboard();

    await screen.findByText('Your Tryout Registration');
    expect(screen.queryByRole('button', { name: 'Add tryout dates to my calendar' })).not.toBeInTheDocument();
  });
});

describe('money and the receipt (issue 15)', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows what was paid and refunded, and saves the receipt fetched with the sign-in token', async () => {
    // Prepare: $85.00 by card, $35.00 refunded.
    sessionStorage.setItem('token', 'header.payload.signature');
    myTryout(
      aTryout({
        payment_method: 'stripe',
        payment_status: 'partially_refunded',
        amount_paid_cents: 8500,
        amount_refunded_cents: 3500,
        amount_due_cents: 0,
      }),
    );
    let authorization: string | null = null;
    server.use(
      http.get('/api/tryouts/my/receipt', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('<!doctype html><title>Receipt</title>', {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'content-disposition': 'attachment; filename="summit-tryout-receipt.html"',
          },
        });
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderDashboard();

    // Act
    await screen.findByText('Your Tryout Registration');
    await user.click(screen.getByRole('button', { name: 'Download receipt' }));

    // Assess
    expect(detail('Payment')).toBe('Partly refunded (Card)');
    expect(detail('Paid')).toBe('$85.00');
    expect(detail('Refunded')).toBe('$35.00');
    expect(detail('To pay')).toBeUndefined();
    expect(
      screen.getByText(
        'The club refunded $35.00. A card refund can take 5–10 business days to reach your statement.',
      ),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(saved).toEqual(['summit-tryout-receipt.html']));
    expect(authorization).toBe('Bearer header.payload.signature');
  });

  it('tells a cash family what to bring, and offers no receipt before anything was paid', async () => {
    // Prepare
    myTryout(
      aTryout({
        payment_method: 'cash',
        payment_status: 'cash',
        amount_paid_cents: 0,
        amount_due_cents: 8500,
      }),
    );

    // Act
    renderDashboard();

    // Assess
    expect(
      await screen.findByText('Please bring $85.00 in cash to your first tryout session.'),
    ).toBeInTheDocument();
    expect(detail('To pay')).toBe('$85.00');
    expect(detail('Paid')).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Download receipt' })).not.toBeInTheDocument();
  });

  it('tells an e-Transfer family where to send it, the exact amount and the code, until it is received (issue 46)', async () => {
    // Prepare
    myTryout(
      aTryout({
        payment_method: 'etransfer',
        payment_status: 'awaiting_etransfer',
        amount_paid_cents: 0,
        amount_due_cents: 4500,
        etransfer: { address: 'treasurer@summit.test', amount_cents: 4500, reference: 'K7P2XM9Q' },
      }),
    );

    // Act
    renderDashboard();

    // Assess
    const card = await screen.findByRole('group', { name: 'Pay by Interac e-Transfer' });
    const fact = (term: string) =>
      within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Send to')).toBe('treasurer@summit.test');
    expect(fact('Exact amount')).toBe('$45.00');
    expect(fact('Put this code in the message')).toBe('K7P2XM9Q');
    expect(screen.queryByText(/in cash/)).not.toBeInTheDocument();
  });

  it('shows no e-Transfer card once it was received', async () => {
    // Prepare
    myTryout(
      aTryout({
        payment_method: 'etransfer',
        payment_status: 'paid',
        amount_paid_cents: 4500,
        etransfer: null,
      }),
    );

    // Act
    renderDashboard();

    // Assess
    expect(await screen.findByRole('heading', { name: 'Your Tryout Registration' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Pay by Interac e-Transfer' })).not.toBeInTheDocument();
  });

  it('says so when the receipt cannot be fetched', async () => {
    // Prepare
    myTryout(
      aTryout({
        payment_method: 'cash',
        payment_status: 'paid',
        amount_paid_cents: 5000,
        amount_due_cents: 0,
      }),
    );
    server.use(
      http.get('/api/tryouts/my/receipt', () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    const { user } = renderDashboard();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Download receipt' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not get your receipt. Please try again.',
    );
  });
});

describe('the family’s other registrations (issue 17)', () => {
  it('shows each other registered athlete’s card, with the team link once selected', async () => {
    // Prepare: the signed-in parent has no registration of their own; their daughter is selected.
    myTryout(null);
    const daughter = '33333333-3333-4333-8333-333333333333';
    server.use(
      onRoute('getHousehold', () => ({
        guardians: [],
        athletes: [
          {
            id: daughter,
            first_name: 'Leila',
            last_name: 'Tester',
            date_of_birth: '2012-05-01',
            emergency_contact_name: 'Pat Tester',
            emergency_contact_phone: '780-555-0100',
            emergency_contact_email: 'pat@example.test',
            emergency_contact_relationship: 'parent' as const,
            parent_consent: true,
          },
        ],
      })),
      onRoute('getHouseholdTryouts', () => [
        {
          ...aTryout({
            result: 'selected',
            teamsnap_link: 'https://go.teamsnap.com/team/15g',
            age_group: '15U Girls',
          }),
          athlete_id: daughter,
        },
        {
          athlete_id: '44444444-4444-4444-8444-444444444444',
          hasRegistered: false,
          season: 'Fall 2025 Tryouts',
          tryout_number: null,
          result: '' as const,
          payment_method: null,
          payment_status: null,
          teamsnap_link: null,
          age_group: null,
        },
      ]),
    );

    // Act
    renderDashboard();

    // Assess
    const card = await screen.findByRole('region', { name: "Leila's Tryout Registration" });
    expect(card).toHaveTextContent('15U Girls');
    expect(card).toHaveTextContent('Selected');
    expect(within(card).getByRole('heading', { name: 'Congratulations, Leila!' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Leila made the 15U Girls team for Fall 2025 Tryouts.');
    expect(within(card).getByRole('link', { name: /Join Your Team on TeamSnap/ })).toHaveAttribute(
      'href',
      'https://go.teamsnap.com/team/15g',
    );
    expect(screen.getAllByRole('region', { name: /Tryout Registration/ })).toHaveLength(1);
    expect(screen.getByText('Ready to Join?')).toBeInTheDocument();
  });
});

describe('a parent’s or guardian’s account (issue 17)', () => {
  it('is not invited to register itself: its children are the ones who try out', async () => {
    // Prepare: a guardian (no athlete of its own) with one child, not registered yet.
    myTryout(null);
    const guardian = '66666666-6666-4666-8666-666666666666';
    server.use(
      onRoute('getHousehold', () => ({
        guardians: [{ id: guardian, first_name: 'Riley', last_name: 'Tester', email: 'r@example.test' }],
        athletes: [
          {
            id: '77777777-7777-4777-8777-777777777777',
            first_name: 'Ava',
            last_name: 'Tester',
            date_of_birth: '2011-04-02',
            emergency_contact_name: 'Riley Tester',
            emergency_contact_phone: '780-555-0100',
            emergency_contact_email: 'r@example.test',
            emergency_contact_relationship: 'parent' as const,
            parent_consent: true,
          },
        ],
      })),
    );
    const router = createMemoryRouter([{ path: '/dashboard', element: <TryoutDashboard /> }], {
      initialEntries: ['/dashboard'],
    });
    const session = (id: string) => ({
      user: { id, first_name: 'Riley', last_name: 'Tester', email: 'r@example.test', is_admin: false },
      ready: true,
      logout: async () => {},
    });

    // Act
    const { unmount } = render(
      <SessionContext.Provider value={session(guardian)}>
        <RouterProvider router={router} />
      </SessionContext.Provider>,
    );

    // Assess: the guardian is not offered "Ready to Join?" but told registration is closed, with the list;
    // a player's account with the same family is offered "Ready to Join?".
    expect(await screen.findByRole('heading', { name: 'Tryout registration' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'E-mail me when it opens' })).toBeInTheDocument();
    expect(screen.queryByText('Ready to Join?')).not.toBeInTheDocument();
    unmount();
    render(
      <SessionContext.Provider value={session('77777777-7777-4777-8777-777777777777')}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/dashboard', element: <TryoutDashboard /> }], {
            initialEntries: ['/dashboard'],
          })}
        />
      </SessionContext.Provider>,
    );
    expect(await screen.findByText('Ready to Join?')).toBeInTheDocument();
  });
});

describe('a parent’s account with no child yet (issue 36)', () => {
  it.each([
    [
      true,
      'Fall 2026 Tryouts registration is open. Add your child’s details, choose their group and pay, all in one go.',
    ],
    [false, 'Add your child below; you can register them as soon as registration opens.'],
  ])('says the next step plainly (registration open: %s)', async (open, sentence) => {
    // Prepare
    myTryout(null);
    const guardian = '66666666-6666-4666-8666-666666666666';
    server.use(
      http.get('/api/seasons/active', () =>
        HttpResponse.json(aSeason({ name: 'Fall 2026 Tryouts', is_registration_open: open })),
      ),
      onRoute('getHousehold', () => ({
        guardians: [{ id: guardian, first_name: 'Dana', last_name: 'Okafor', email: 'd@example.test' }],
        athletes: [],
      })),
    );

    // Act
    render(
      <SessionContext.Provider
        value={{
          user: {
            id: guardian,
            first_name: 'Dana',
            last_name: 'Okafor',
            email: 'd@example.test',
            is_admin: false,
          },
          ready: true,
          logout: async () => {},
        }}
      >
        <RouterProvider
          router={createMemoryRouter([{ path: '/dashboard', element: <TryoutDashboard /> }], {
            initialEntries: ['/dashboard'],
          })}
        />
      </SessionContext.Provider>,
    );

    // Assess
    const card = (
      await screen.findByRole('heading', { name: 'Next: add your child, then register' })
    ).closest('section')!;
    expect(within(card).getByText(sentence)).toBeInTheDocument();
    if (open) {
      expect(within(card).getByRole('link', { name: 'Add your child and register' })).toHaveAttribute(
        'href',
        '/tryout',
      );
    } else {
      expect(within(card).queryByRole('link', { name: 'Add your child and register' })).toBeNull();
    }
    expect(screen.queryByText('Ready to Join?')).not.toBeInTheDocument();
  });
});

describe('acting on one athlete’s registration (issue 17)', () => {
  const son = '55555555-5555-4555-8555-555555555555';
  function familyWithUnpaidCard() {
    myTryout(null);
    const asked: string[] = [];
    server.use(
      onRoute('getHousehold', () => ({
        guardians: [],
        athletes: [
          {
            id: son,
            first_name: 'Leo',
            last_name: 'Tester',
            date_of_birth: '2012-05-01',
            emergency_contact_name: 'Pat Tester',
            emergency_contact_phone: '780-555-0100',
            emergency_contact_email: 'pat@example.test',
            emergency_contact_relationship: 'parent' as const,
            parent_consent: true,
          },
        ],
      })),
      onRoute('getHouseholdTryouts', () => [
        {
          ...aTryout({ payment_method: 'stripe', payment_status: 'pending', amount_due_cents: 3000 }),
          athlete_id: son,
        },
      ]),
      http.post(`/api/household/tryouts/${son}/checkout`, () => {
        asked.push('checkout');
        return HttpResponse.json({ url: 'https://checkout.example.test/c/pay/cs_test_leo' });
      }),
      http.patch(`/api/household/tryouts/${son}`, async ({ request }) => {
        asked.push(`patch ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(
          aTryout({ payment_method: 'cash', payment_status: 'cash', amount_due_cents: 3000 }),
        );
      }),
    );
    return asked;
  }

  it('opens that athlete’s own checkout from their card', async () => {
    const asked = familyWithUnpaidCard();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderDashboard();

    const card = await screen.findByRole('region', { name: "Leo's Tryout Registration" });
    await user.click(within(card).getByRole('button', { name: 'Complete payment' }));

    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.example.test/c/pay/cs_test_leo'),
    );
    expect(asked).toEqual(['checkout']);
  });

  it('switches that athlete to cash and then says what to bring', async () => {
    const asked = familyWithUnpaidCard();
    const { user } = renderDashboard();

    const card = await screen.findByRole('region', { name: "Leo's Tryout Registration" });
    await user.click(within(card).getByRole('button', { name: 'Pay cash at tryouts instead' }));

    expect(
      await within(card).findByText('Please bring $30.00 in cash to your first tryout session.'),
    ).toBeInTheDocument();
    expect(asked).toEqual(['patch {"payment_method":"cash"}']);
    expect(within(card).queryByRole('button', { name: 'Complete payment' })).not.toBeInTheDocument();
  });
});

describe('a family with several children still to pay (issue 36)', () => {
  const mina = '88888888-8888-4888-8888-888888888888';
  const leo = '99999999-9999-4999-8999-999999999999';
  const kid = (id: string, first_name: string) => ({
    id,
    first_name,
    last_name: 'Okafor',
    date_of_birth: '2012-05-01',
    emergency_contact_name: 'Dana Okafor',
    emergency_contact_phone: '780-555-0100',
    emergency_contact_email: 'dana@example.test',
    emergency_contact_relationship: 'parent' as const,
    parent_consent: true,
  });

  function twoUnpaid() {
    myTryout(null);
    const asked: string[] = [];
    server.use(
      onRoute('getHousehold', () => ({ guardians: [], athletes: [kid(mina, 'Mina'), kid(leo, 'Leo')] })),
      onRoute('getHouseholdTryouts', () => [
        {
          ...aTryout({ payment_method: 'stripe', payment_status: 'pending', amount_due_cents: 4500 }),
          athlete_id: mina,
        },
        {
          ...aTryout({ payment_method: 'stripe', payment_status: 'failed', amount_due_cents: 3000 }),
          athlete_id: leo,
        },
      ]),
      onRoute('startFamilyCheckout', () => {
        asked.push('family');
        return { url: 'https://checkout.example.test/c/pay/cs_test_family' };
      }),
      onRoute('startHouseholdCheckout', ({ params }) => {
        asked.push(`alone ${String(params.id)}`);
        return { url: 'https://checkout.example.test/c/pay/cs_test_leo' };
      }),
    );
    return asked;
  }

  it('pays for every child on ONE checkout from any child’s card, and for one alone when asked', async () => {
    // Prepare
    const asked = twoUnpaid();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderDashboard();

    // Assess: the family's calendar is one subscription (issue 36), the file one tap beside it.
    const calendar = await screen.findByRole('region', { name: 'Your tryout calendar' });
    expect(within(calendar).getByRole('link', { name: 'Subscribe in my calendar' })).toHaveAttribute(
      'href',
      'webcal://localhost/api/tryouts/calendar.ics?key=family-key',
    );
    expect(within(calendar).getByRole('link', { name: 'Download a calendar file' })).toHaveAttribute(
      'href',
      'https://localhost/api/tryouts/calendar.ics?key=family-key',
    );

    // Act
    const leoCard = await screen.findByRole('region', { name: "Leo's Tryout Registration" });
    await user.click(
      within(leoCard).getByRole('button', { name: 'Complete payment for Mina and Leo ($75.00)' }),
    );

    // Assess
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.example.test/c/pay/cs_test_family'),
    );
    expect(asked).toEqual(['family']);
  });

  it('still lets the family pay for one child alone', async () => {
    const asked = twoUnpaid();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderDashboard();

    const leoCard = await screen.findByRole('region', { name: "Leo's Tryout Registration" });
    await user.click(within(leoCard).getByRole('button', { name: 'Pay for Leo only' }));

    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.example.test/c/pay/cs_test_leo'),
    );
    expect(asked).toEqual([`alone ${leo}`]);
  });
});

describe('withdrawing (issue 15)', () => {
  it('asks once more, withdraws, and then shows the registration as withdrawn with nothing to pay', async () => {
    // Prepare
    myTryout(aTryout({ payment_method: 'stripe', payment_status: 'pending' }));
    let asked = 0;
    server.use(
      http.post('/api/tryouts/my/withdraw', () => {
        asked += 1;
        return HttpResponse.json(
          aTryout({
            payment_method: 'stripe',
            payment_status: 'pending',
            withdrawn: true,
            withdrawal_open: false,
          }),
        );
      }),
    );
    const { user } = renderDashboard();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Withdraw from tryouts' }));
    const confirm = screen.getByRole('button', { name: 'Yes, withdraw' });
    const focused = document.activeElement;
    await user.click(confirm);

    // Assess
    expect(focused).toBe(confirm);
    expect(
      await screen.findByText(
        'You withdrew from this season’s tryouts. Please contact the club if you would like to be reinstated.',
      ),
    ).toBeInTheDocument();
    expect(asked).toBe(1);
    expect(detail('Status')).toBe('Withdrawn');
    expect(screen.queryByRole('button', { name: 'Complete payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw from tryouts' })).not.toBeInTheDocument();
  });

  it('names the child and shows the club’s refund policy before the family confirms (issue 36)', async () => {
    // Prepare
    myTryout(null);
    const son = '55555555-5555-4555-8555-555555555555';
    server.use(
      onRoute('getHousehold', () => ({
        guardians: [],
        athletes: [
          {
            id: son,
            first_name: 'Leo',
            last_name: 'Okafor',
            date_of_birth: '2012-05-01',
            emergency_contact_name: 'Dana Okafor',
            emergency_contact_phone: '780-555-0100',
            emergency_contact_email: 'dana@example.test',
            emergency_contact_relationship: 'parent' as const,
            parent_consent: true,
          },
        ],
      })),
      onRoute('getHouseholdTryouts', () => [
        {
          ...aTryout({
            tryout_number: 12,
            refund_policy: 'Full refund until August 1.\n\nNo refunds after the first session.',
          }),
          athlete_id: son,
        },
      ]),
    );
    const { user } = renderDashboard();

    // Act
    const card = await screen.findByRole('region', { name: "Leo's Tryout Registration" });
    await user.click(within(card).getByRole('button', { name: 'Withdraw from tryouts' }));

    // Assess
    const question = within(card).getByRole('group', {
      name: 'Withdraw Leo from this season’s tryouts? Tryout number 12 will not be given to anyone else.',
    });
    expect(within(question).getByText('Full refund until August 1.')).toBeInTheDocument();
    expect(within(question).getByText('No refunds after the first session.')).toBeInTheDocument();
  });

  it('offers no withdrawal once the season has started', async () => {
    myTryout(aTryout({ withdrawal_open: false }));

    renderDashboard();

    await screen.findByText('Your Tryout Registration');
    expect(screen.queryByRole('button', { name: 'Withdraw from tryouts' })).not.toBeInTheDocument();
  });

  it("keeps the spot when the family changes its mind, and shows the server's refusal", async () => {
    // Prepare
    const message =
      "Withdrawals close when the season's first session starts. Please contact the club to withdraw.";
    myTryout(aTryout());
    server.use(http.post('/api/tryouts/my/withdraw', () => HttpResponse.json({ message }, { status: 409 })));
    const { user } = renderDashboard();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Withdraw from tryouts' }));
    await user.click(screen.getByRole('button', { name: 'Keep my spot' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw from tryouts' }));
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
