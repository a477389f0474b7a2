import { useEffect } from 'react';
import { endSession, readToken, refreshOnce } from '../../lib/session-token';
import { tokenTimes } from './token';
import { ACTIVITY_EVENTS } from './use-inactivity-logout';

/** How long before the access token runs out an active person's session is renewed. */
const RENEW_BEFORE_EXPIRY_MS = 60_000;

/**
 * While `active`, renews the access token shortly before it runs out if its person has been active since it
 * was issued (mouse, key, scroll, touch or wheel: the activity of spec §4), and at once on activity once it is
 * about to run out or has. Each renewal also renews the server's side of the session, which refuses a session
 * nobody renewed for 30 minutes, so a closed tab ends the session as surely as an idle one. A renewal the server
 * refuses (the session is over) signs the person out.
 */
export function useSessionKeepAlive(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let lastActivity = 0;
    let timer: number | undefined;
    let renewing = false;

    const renew = async () => {
      if (renewing) return;
      renewing = true;
      try {
        if (!(await refreshOnce())) endSession();
      } finally {
        renewing = false;
        schedule();
      }
    };
    const times = () => {
      const token = readToken();
      return token ? tokenTimes(token) : null;
    };
    const activeSinceIssued = (issuedAt: number) => lastActivity > issuedAt;
    function schedule() {
      window.clearTimeout(timer);
      const t = times();
      if (!t) return;
      timer = window.setTimeout(
        () => {
          const now = times();
          if (now && activeSinceIssued(now.issuedAt)) void renew();
        },
        Math.max(0, t.expiresAt - RENEW_BEFORE_EXPIRY_MS - Date.now()),
      );
    }
    const onActivity = () => {
      lastActivity = Date.now();
      const t = times();
      if (t && t.expiresAt - RENEW_BEFORE_EXPIRY_MS <= lastActivity) void renew();
    };

    schedule();
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [active]);
}
