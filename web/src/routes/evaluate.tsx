import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { EvaluateApp } from '../features/tryout-night/evaluate-app';
import { installTryoutNightApp } from '../features/tryout-night/install-app';
import { rememberReturnTo } from '../lib/return-to';
import { useSession } from '../lib/session-context';

/**
 * /evaluate (issue 37): the evaluators' scoring app. Signed out with a network, sign in first; signed out
 * offline (the tab was closed, the phone restarted), it opens from what the phone kept and keeps scoring.
 */
export function EvaluatePage() {
  const { user, ready } = useSession();
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
      <EvaluateApp />
    </main>
  );
}
