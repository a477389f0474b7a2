import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Athlete } from '@club/shared/types';
import { aTryout } from '../features/tryouts/test-data';
import { goToCheckout } from '../lib/open-checkout';
import { SessionContext } from '../lib/session-context';
import { onRoute } from '../test/route-mock';
import { server } from '../test/server';
import PaymentCancelledPage from './payment-cancelled';
import PaymentSuccessPage from './payment-success';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('payment return pages (spec §2 payment routes)', () => {
  it('/payment/success says "Payment Successful!" and links to the dashboard', () => {
    // Act
    render(<PaymentSuccessPage />, { wrapper: MemoryRouter });

    // Assess
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('/payment/cancelled says nothing was charged, and "Try again" leads to the dashboard’s Complete payment', () => {
    // Act
    render(<PaymentCancelledPage />, { wrapper: MemoryRouter });

    // Assess
    expect(screen.getByText('You were not charged. You can try again at any time.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/dashboard');
  });

  describe('"Try again" (issue 18)', () => {
    const CHECKOUT = 'https://checkout.example.test/c/pay/cs_test_family';

    function leftCheckoutMinutesAgo(minutes: number) {
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      goToCheckout(CHECKOUT, Date.now() - minutes * 60 * 1000);
      assign.mockClear();
      return assign;
    }

    it('goes back to the checkout this tab left 49 minutes ago, still payable', async () => {
      const assign = leftCheckoutMinutesAgo(49);
      render(<PaymentCancelledPage />, { wrapper: MemoryRouter });

      await userEvent.click(screen.getByRole('link', { name: 'Try again' }));

      expect(assign).toHaveBeenCalledWith(CHECKOUT);
    });

    it('leads to the dashboard for a checkout left 51 minutes ago, which may close while the family types', async () => {
      const assign = leftCheckoutMinutesAgo(51);
      render(
        <MemoryRouter initialEntries={['/payment/cancelled']}>
          <Routes>
            <Route path="/payment/cancelled" element={<PaymentCancelledPage />} />
            <Route path="/dashboard" element={<p>Dashboard</p>} />
          </Routes>
        </MemoryRouter>,
      );

      await userEvent.click(screen.getByRole('link', { name: 'Try again' }));

      expect(assign).not.toHaveBeenCalled();
      expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    });
  });
});

describe('/payment/cancelled names what was not charged (issue 42)', () => {
  const child = (id: string, first_name: string): Athlete => ({
    id,
    first_name,
    last_name: 'Okafor',
    date_of_birth: '2011-04-02',
    emergency_contact_name: 'Dana Okafor',
    emergency_contact_phone: '780-555-0142',
    emergency_contact_email: 'dana@example.test',
    emergency_contact_relationship: 'parent',
    parent_consent: true,
  });
  const AMARA = '11111111-1111-4111-8111-111111111111';
  const ZOLA = '22222222-2222-4222-8222-222222222222';
  const BEN = '33333333-3333-4333-8333-333333333333';
  const KOFI = '44444444-4444-4444-8444-444444444444';

  function renderSignedIn() {
    render(
      <SessionContext.Provider
        value={{
          user: {
            id: 'dana',
            first_name: 'Dana',
            last_name: 'Okafor',
            email: 'dana@example.test',
            is_admin: false,
          },
          ready: true,
          logout: async () => {},
        }}
      >
        <MemoryRouter>
          <PaymentCancelledPage />
        </MemoryRouter>
      </SessionContext.Provider>,
    );
  }

  it('names the children whose card payment was left and the amount, leaving out the paid and the withdrawn', async () => {
    // Prepare
    const unpaid = { payment_method: 'stripe', payment_status: 'pending' } as const;
    server.use(
      onRoute('getHousehold', () => ({
        guardians: [],
        athletes: [child(AMARA, 'Amara'), child(ZOLA, 'Zola'), child(BEN, 'Ben'), child(KOFI, 'Kofi')],
      })),
      onRoute('getHouseholdTryouts', () => [
        { ...aTryout({ ...unpaid, amount_due_cents: 4500 }), athlete_id: AMARA },
        { ...aTryout({ ...unpaid, amount_due_cents: 4000 }), athlete_id: ZOLA },
        {
          ...aTryout({ payment_method: 'stripe', payment_status: 'paid', amount_due_cents: 0 }),
          athlete_id: BEN,
        },
        { ...aTryout({ ...unpaid, amount_due_cents: 4000, withdrawn: true }), athlete_id: KOFI },
      ]),
    );

    // Act
    renderSignedIn();

    // Assess
    expect(
      await screen.findByText('Not charged: Amara’s and Zola’s tryout registrations, $85.00 in all.'),
    ).toBeInTheDocument();
  });

  it('says "your" for a player’s own registration', async () => {
    server.use(
      onRoute('getHousehold', () => ({ guardians: [], athletes: [{ ...child('dana', 'Dana') }] })),
      onRoute('getHouseholdTryouts', () => [
        {
          ...aTryout({ payment_method: 'stripe', payment_status: 'failed', amount_due_cents: 4500 }),
          athlete_id: 'dana',
        },
      ]),
    );

    renderSignedIn();

    expect(await screen.findByText('Not charged: your tryout registration, $45.00.')).toBeInTheDocument();
  });
});
