import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, kept current as the window changes. False where the browser
 * cannot tell (prerendering, or a test DOM without `matchMedia`). The query's list and its subscription are
 * made once per query: React reads the snapshot on every render and subscribes again whenever `subscribe`
 * changes, and on the admin table a render comes with every key press.
 */
export function useMediaQuery(query: string): boolean {
  const list = useMemo(
    () => (typeof window === 'undefined' ? undefined : window.matchMedia?.(query)),
    [query],
  );
  const subscribe = useCallback(
    (changed: () => void) => {
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? false,
    () => false,
  );
}
