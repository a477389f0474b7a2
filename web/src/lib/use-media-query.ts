import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, kept current as the window changes. False where the browser
 * cannot tell (prerendering, or a test DOM without `matchMedia`).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
