import { useEffect } from 'react';
import { INACTIVITY_LOGOUT_MS } from '@club/shared/constants';

/** The activity that keeps a session alive (spec §4). */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'wheel',
] as const;

/** Calls `onIdle` after 30 minutes without mouse, key, scroll, touch or wheel activity, while `active`. */
export function useInactivityLogout(active: boolean, onIdle: () => void): void {
  useEffect(() => {
    if (!active) return;
    let last = Date.now();
    let timer = window.setTimeout(onIdle, INACTIVITY_LOGOUT_MS);
    const onActivity = () => {
      // Timers stall while a laptop sleeps: activity after a long quiet spell is not a reason to stay in.
      if (Date.now() - last >= INACTIVITY_LOGOUT_MS) {
        window.clearTimeout(timer);
        onIdle();
        return;
      }
      last = Date.now();
      window.clearTimeout(timer);
      timer = window.setTimeout(onIdle, INACTIVITY_LOGOUT_MS);
    };
    // Capture, so scrolling inside any element counts too.
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [active, onIdle]);
}
