import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToCheckout } from '../lib/open-checkout';
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
