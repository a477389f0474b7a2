import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion, useToasts } from './toast';

/** A page with two buttons that raise a success and a failure notice, shown for `lifetimeMs`. */
function Page({ lifetimeMs }: { lifetimeMs: number }) {
  const { toasts, notify, dismiss } = useToasts();
  return (
    <>
      <button type="button" onClick={() => notify.success('Attendance updated successfully')}>
        good
      </button>
      <button type="button" onClick={() => notify.error('Failed to update attendance')}>
        bad
      </button>
      <ToastRegion toasts={toasts} lifetimeMs={lifetimeMs} onDismiss={dismiss} />
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('has both live regions in the page, empty, before any notice is put in them', () => {
    // Act
    render(<Page lifetimeMs={5000} />);

    // Assess
    const polite = screen.getByRole('status', { name: 'Notifications' });
    const assertive = screen.getByRole('alert', { name: 'Problems' });
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    expect(polite).toBeEmptyDOMElement();
    expect(assertive).toBeEmptyDOMElement();
  });

  it('puts a success in the polite region and a failure in the assertive one', async () => {
    // Prepare
    const user = userEvent.setup();
    render(<Page lifetimeMs={5000} />);

    // Act
    await user.click(screen.getByRole('button', { name: 'good' }));

    // Assess
    expect(screen.getByRole('status', { name: 'Notifications' })).toHaveTextContent(
      'Attendance updated successfully',
    );

    // Act
    await user.click(screen.getByRole('button', { name: 'bad' }));

    // Assess
    expect(screen.getByRole('alert', { name: 'Problems' })).toHaveTextContent('Failed to update attendance');
  });

  it.each(['good', 'bad'])('keeps a %s notice for its whole lifetime and removes it right after', (which) => {
    // Prepare
    vi.useFakeTimers();
    render(<Page lifetimeMs={5000} />);
    const text = which === 'good' ? 'Attendance updated successfully' : 'Failed to update attendance';

    // Act
    act(() => screen.getByRole('button', { name: which }).click());
    act(() => vi.advanceTimersByTime(4999));

    // Assess
    expect(screen.getByText(text)).toBeInTheDocument();

    // Act
    act(() => vi.advanceTimersByTime(1));

    // Assess
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('shows one notice at a time: a new one replaces the last (issue 18)', () => {
    // Prepare
    vi.useFakeTimers();
    render(<Page lifetimeMs={5000} />);
    act(() => screen.getByRole('button', { name: 'good' }).click());

    // Act
    act(() => screen.getByRole('button', { name: 'bad' }).click());

    // Assess
    expect(screen.queryByText('Attendance updated successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to update attendance')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1);
  });

  it('gives each notice its own lifetime', () => {
    // Prepare
    vi.useFakeTimers();
    render(<Page lifetimeMs={5000} />);
    act(() => screen.getByRole('button', { name: 'good' }).click());
    act(() => vi.advanceTimersByTime(3000));

    // Act
    act(() => screen.getByRole('button', { name: 'bad' }).click());
    act(() => vi.advanceTimersByTime(2000));

    // Assess
    expect(screen.queryByText('Attendance updated successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to update attendance')).toBeInTheDocument();

    // Act
    act(() => vi.advanceTimersByTime(3000));

    // Assess
    expect(screen.queryByText('Failed to update attendance')).not.toBeInTheDocument();
  });

  it('can be dismissed before its time', async () => {
    // Prepare
    const user = userEvent.setup();
    render(<Page lifetimeMs={5000} />);
    await user.click(screen.getByRole('button', { name: 'bad' }));
    const region = screen.getByRole('alert', { name: 'Problems' });

    // Act
    await user.click(within(region).getByRole('button', { name: 'Dismiss' }));

    // Assess
    expect(region).toBeEmptyDOMElement();
  });
});
