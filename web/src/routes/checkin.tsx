import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { CheckinApp } from '../features/tryout-night/checkin-app';
import { useDeviceUser } from '../features/tryout-night/device-store';
import { installTryoutNightApp } from '../features/tryout-night/install-app';
import { WaitingOnPhone } from '../features/tryout-night/waiting-on-phone';
import { rememberReturnTo } from '../lib/return-to';
import { useSession } from '../lib/session-context';

/**
 * /checkin (issue 37): the door on tryout night, for check-in helpers; offline it runs from what the phone
 * kept for the helper signed in on it (a reopened tab too). Signed out, the phone shows only whose taps wait
 * (issue 42).
 */
export function CheckinPage() {
  const { user, ready } = useSession();
  const device = useDeviceUser(user && { id: user.id, name: `${user.first_name} ${user.last_name}` }, ready);
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
      {!device.bound ? (
        <p role="status">Loading…</p>
      ) : device.user ? (
        <CheckinApp admin={user?.is_admin === true} />
      ) : (
        <WaitingOnPhone signedOut />
      )}
    </main>
  );
}
