import { Navigate } from 'react-router-dom';
import { CheckinApp } from '../features/tryout-night/checkin-app';
import { rememberReturnTo } from '../lib/return-to';
import { useSession } from '../lib/session-context';

/** /checkin (issue 37): the door on tryout night, for check-in helpers; offline it runs from what the phone kept. */
export function CheckinPage() {
  const { user, ready } = useSession();
  if (!ready) return <p role="status">Loading…</p>;
  if (!user && navigator.onLine) {
    rememberReturnTo('/checkin');
    return <Navigate to="/login" replace />;
  }
  return (
    <main className="night-page">
      <h1>Check-in</h1>
      <CheckinApp />
    </main>
  );
}
