import { act, render, screen } from '@testing-library/react';
import { StrictMode, useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RevealTogether, useSettled } from './reveal-together';

/** A section whose data arrives when the test says so. */
function Section({ name, onControl }: { name: string; onControl?: (arrive: () => void) => void }) {
  const [settled, setSettled] = useState(false);
  useSettled(settled);
  onControl?.(() => setSettled(true));
  return <p>{settled ? `${name} loaded` : `${name} loading`}</p>;
}

function renderGroup(children: ReactNode, strict = false) {
  const tree = (
    <RevealTogether placeholder={<p role="status">Loading your dashboard…</p>}>{children}</RevealTogether>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

const content = () => screen.getAllByText(/^(Tryout|Family)/)[0]!.closest('.reveal-together')!;

describe('RevealTogether (issue 20: nothing moves when the data arrives)', () => {
  for (const strict of [false, true]) {
    it(`shows the placeholder until the last section has its data, then all at once${strict ? ' (StrictMode)' : ''}`, () => {
      let tryoutArrives!: () => void;
      let familyArrives!: () => void;
      renderGroup(
        <>
          <Section name="Tryout" onControl={(arrive) => (tryoutArrives = arrive)} />
          <Section name="Family" onControl={(arrive) => (familyArrives = arrive)} />
        </>,
        strict,
      );

      // Mounted (so each asks for its data at once) but hidden behind the placeholder.
      expect(screen.getByText('Tryout loading')).toBeInTheDocument();
      expect(content()).toHaveAttribute('hidden');
      expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');

      act(() => tryoutArrives());
      expect(content()).toHaveAttribute('hidden');
      expect(screen.getByRole('status')).toBeInTheDocument();

      act(() => familyArrives());
      expect(content()).not.toHaveAttribute('hidden');
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.getByText('Family loaded')).toBeVisible();
    });
  }

  it('does not wait for content that reports nothing', () => {
    renderGroup(<p>Tryout card</p>);
    expect(content()).not.toHaveAttribute('hidden');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a section that failed like one that loaded: it has its answer', () => {
    function Failed() {
      useSettled(true);
      return <p role="alert">Family could not be loaded.</p>;
    }
    let tryoutArrives!: () => void;
    renderGroup(
      <>
        <Section name="Tryout" onControl={(arrive) => (tryoutArrives = arrive)} />
        <Failed />
      </>,
    );
    expect(content()).toHaveAttribute('hidden');
    act(() => tryoutArrives());
    expect(screen.getByRole('alert')).toBeVisible();
  });
});
