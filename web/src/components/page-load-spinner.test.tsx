import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageLoadSpinner } from './page-load-spinner';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <PageLoadSpinner /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const spinnerShown = () => screen.getByTestId('page-spinner').getAttribute('data-visible');

describe('the page-load spinner (spec §2, §9: 300 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows for 300 ms when the page loads: still there at 299 ms, gone at 300', () => {
    // Act
    renderAt('/');

    // Assess
    expect(spinnerShown()).toBe('true');
    act(() => vi.advanceTimersByTime(299));
    expect(spinnerShown()).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(spinnerShown()).toBe('false');
  });

  it('shows again for 300 ms on each new page', async () => {
    // Prepare
    const router = renderAt('/');
    act(() => vi.advanceTimersByTime(300));

    // Act
    await act(() => router.navigate('/FallTeams'));

    // Assess
    expect(spinnerShown()).toBe('true');
    act(() => vi.advanceTimersByTime(299));
    expect(spinnerShown()).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(spinnerShown()).toBe('false');
  });
});
