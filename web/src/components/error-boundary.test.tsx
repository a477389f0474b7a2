import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

const reportRenderError = vi.hoisted(() => vi.fn());
vi.mock('../lib/monitoring', () => ({ reportRenderError }));

function Broken(): never {
  throw new Error('boom');
}

describe('ErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the "Something went wrong" page and reports the error when a child throws', () => {
    // Prepare: React logs caught render errors; keep the test output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => {});

    // Act
    render(
      <ErrorBoundary resetKey="/about">
        <Broken />
      </ErrorBoundary>,
    );

    // Assess
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Our team has been notified. Please try refreshing.')).toBeInTheDocument();
    expect(reportRenderError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'boom' }),
      expect.any(String),
    );
  });

  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );

    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('clears the error when the path changes, so navigating away works', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <ErrorBoundary resetKey="/broken">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();

    rerender(
      <ErrorBoundary resetKey="/contact">
        <p>Contact page</p>
      </ErrorBoundary>,
    );

    expect(screen.getByText('Contact page')).toBeInTheDocument();
  });
});
