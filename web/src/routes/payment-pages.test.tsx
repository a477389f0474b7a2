import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PaymentCancelledPage } from './payment-cancelled';
import { PaymentSuccessPage } from './payment-success';

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
});
