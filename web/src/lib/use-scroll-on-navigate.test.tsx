import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

function Page() {
  useScrollOnNavigate();
  return (
    <main id="main" tabIndex={-1}>
      <h1>Home</h1>
      <section id="upcoming-events">Upcoming Events</section>
    </main>
  );
}

describe('useScrollOnNavigate', () => {
  const scrollIntoView = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    vi.useRealTimers();
    scrollIntoView.mockReset();
  });

  it('scrolls to the hash anchor after 500 ms, not before (spec §2)', () => {
    const router = createMemoryRouter([{ path: '/', element: <Page /> }], {
      initialEntries: ['/#upcoming-events'],
    });
    render(<RouterProvider router={router} />);

    act(() => vi.advanceTimersByTime(499));
    expect(scrollIntoView).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('upcoming-events'));
  });

  it('waits again after a client-side navigation to a hash', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Page /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);

    await act(() => router.navigate('/#upcoming-events'));
    act(() => vi.advanceTimersByTime(500));

    expect(scrollIntoView).toHaveBeenCalledOnce();
  });

  it('does nothing for an anchor that is not on the page', () => {
    const router = createMemoryRouter([{ path: '/', element: <Page /> }], { initialEntries: ['/#nowhere'] });
    render(<RouterProvider router={router} />);

    act(() => vi.advanceTimersByTime(500));

    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
