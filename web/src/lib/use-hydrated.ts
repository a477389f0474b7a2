import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates prerendered HTML, true afterwards (and at once when the page
 * was not prerendered). Anything that depends on the browser (the session, timers) renders its server form
 * until then, so hydration always matches the prerendered markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
