import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { CheckinApp } from '../features/tryout-night/checkin-app';
import { installTryoutNightApp } from '../features/tryout-night/install-app';
import { rememberReturnTo } from '../lib/return-to';
import { useSession } from '../lib/session-context';

/** /checkin (issue 37): the door on tryout night, for check-in helpers; offline it runs from what the phone kept. */
export function CheckinPage() {
  const { user, ready } = useSession();
  // This page alone makes the app installable and able to open offline.
  useEffect(() => installTryoutNightApp('checkin'), []);
  if (!ready) return <p role="status">Loading…</p>;
  if (!user && navigator.onLine) {
    rememberReturnTo('/checkin');
    return <Navigate to="/login" replace />;
  }
  return (
    <main className="night-page">
      <h1>Check-in</h1>
      <CheckinApp admin={user?.is_admin === true} />
    </main>
  );
}
