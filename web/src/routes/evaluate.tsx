import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useDeviceUser } from '../features/tryout-night/device-store';
import { EvaluateApp } from '../features/tryout-night/evaluate-app';
import { installTryoutNightApp } from '../features/tryout-night/install-app';
import { WaitingOnPhone } from '../features/tryout-night/waiting-on-phone';
import { rememberReturnTo } from '../lib/return-to';
import { useSession } from '../lib/session-context';

/**
 * /evaluate (issue 37): the evaluators' scoring app. Signed out with a network, sign in first; signed out
 * offline (the tab was closed, the phone restarted), it opens from what the phone kept for the helper who
 * never signed out and keeps scoring; after a sign-out it shows only whose taps wait (issue 42).
 */
export function EvaluatePage() {
  const { user, ready } = useSession();
  const device = useDeviceUser(user && { id: user.id, name: `${user.first_name} ${user.last_name}` }, ready);
  // This page alone makes the app installable and able to open offline.
  useEffect(() => installTryoutNightApp('evaluate'), []);
  if (!ready) return <p role="status">Loading…</p>;
  if (!user && navigator.onLine) {
    rememberReturnTo('/evaluate');
    return <Navigate to="/login" replace />;
  }
  return (
    <main className="night-page">
      <h1>Scoring</h1>
      {!device.bound ? (
        <p role="status">Loading…</p>
      ) : device.user ? (
        <EvaluateApp />
      ) : (
        <WaitingOnPhone signedOut />
      )}
    </main>
  );
}
