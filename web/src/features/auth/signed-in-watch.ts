/**
 * What runs only while someone is signed in (spec §4): the logout after 30 minutes without activity, and
 * the renewal of an active person's session. The session provider loads this module once there is a
 * session, so a visitor who is not signed in never loads it.
 */
import { INACTIVITY_LOGOUT_MS } from '@club/shared/constants';
import { endSession, readToken, refreshOnce } from '../../lib/session-token';
import { tokenTimes } from './token';

/** The activity that keeps a session alive (spec §4). */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/** How long before the access token runs out an active person's session is renewed. */
const RENEW_BEFORE_EXPIRY_MS = 60_000;

/** Calls `onActivity` on mouse, key, scroll, touch or wheel activity anywhere, until the returned stop runs. */
function onAnyActivity(onActivity: () => void): () => void {
  // Capture, so scrolling inside any element counts too.
  for (const name of ACTIVITY_EVENTS)
    window.addEventListener(name, onActivity, { capture: true, passive: true });
  return () => {
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
  };
}

/** Calls `onIdle` after 30 minutes without mouse, key, scroll, touch or wheel activity; returns its stop. */
function watchInactivity(onIdle: () => void): () => void {
  let last = Date.now();
  let timer = window.setTimeout(onIdle, INACTIVITY_LOGOUT_MS);
  const stopListening = onAnyActivity(() => {
    // Timers stall while a laptop sleeps: activity after a long quiet spell is not a reason to stay in.
    if (Date.now() - last >= INACTIVITY_LOGOUT_MS) {
      window.clearTimeout(timer);
      onIdle();
      return;
    }
    last = Date.now();
    window.clearTimeout(timer);
    timer = window.setTimeout(onIdle, INACTIVITY_LOGOUT_MS);
  });
  return () => {
    window.clearTimeout(timer);
    stopListening();
  };
}

/**
 * Renews the access token shortly before it runs out if its person has been active since it was issued, and
 * at once on activity once it is about to run out or has; returns its stop. Each renewal also renews the
 * server's side of the session, which refuses a session nobody renewed for 30 minutes, so a closed tab ends
 * the session as surely as an idle one. A renewal the server refuses (the session is over) signs the person
 * out.
 */
function keepSessionAlive(): () => void {
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

  schedule();
  const stopListening = onAnyActivity(() => {
    lastActivity = Date.now();
    const t = times();
    if (t && t.expiresAt - RENEW_BEFORE_EXPIRY_MS <= lastActivity) void renew();
  });
  return () => {
    window.clearTimeout(timer);
    stopListening();
  };
}

/** Starts both watches for a signed-in person; returns what stops them (on sign-out, or when the page goes). */
export function watchSignedIn(onIdle: () => void): () => void {
  const stops = [watchInactivity(onIdle), keepSessionAlive()];
  return () => {
    for (const stop of stops) stop();
  };
}
