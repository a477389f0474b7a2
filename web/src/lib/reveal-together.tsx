/**
 * Shows a screen's sections at once, when every one of them has its data (issue 20: nothing moves when the
 * data arrives). Until then the sections are mounted, so each asks for its data at once, but hidden, and a
 * placeholder of the content's size stands where they will be; a section that arrived first cannot push the
 * one still loading below it, and the placeholder gives way to the whole content in one frame.
 *
 * A section reports with `useSettled(loadedOrFailed)`; one that never reports is not waited for. Once shown,
 * the sections stay shown, whatever loads again later.
 */
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

type Report = (section: object, state: 'waiting' | 'settled' | 'gone') => void;

const RevealContext = createContext<Report | null>(null);

/** Tells the enclosing <RevealTogether> (if any) whether this section's data has arrived, loaded or failed. */
export function useSettled(settled: boolean): void {
  const report = useContext(RevealContext);
  const [section] = useState(() => ({}));
  useLayoutEffect(() => {
    report?.(section, settled ? 'settled' : 'waiting');
  }, [report, section, settled]);
  // A section that goes away is not waited for (without revealing on its own: StrictMode's rehearsal of an
  // unmount must not show the content early).
  useLayoutEffect(() => () => report?.(section, 'gone'), [report, section]);
}

export function RevealTogether({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const waiting = useRef(new Set<object>());
  const [revealed, setRevealed] = useState(false);
  const report = useCallback<Report>((section, state) => {
    if (state === 'waiting') waiting.current.add(section);
    // Only the last section to arrive reveals: one that was never waited for proves nothing about the rest.
    else if (waiting.current.delete(section) && state === 'settled' && waiting.current.size === 0)
      setRevealed(true);
  }, []);
  // Runs after the sections' own first layout effects: when none of them is waiting, nothing needs to be.
  useLayoutEffect(() => {
    if (waiting.current.size === 0) setRevealed(true);
  }, []);
  return (
    <>
      {revealed ? null : placeholder}
      <div className="reveal-together" hidden={!revealed}>
        <RevealContext.Provider value={report}>{children}</RevealContext.Provider>
      </div>
    </>
  );
}
