import { Navigate, useParams } from 'react-router-dom';
import { CoachRosterApp } from '../features/tryout-night/coach-roster';
import { rememberReturnTo } from '../lib/return-to';
import { useSession } from '../lib/session-context';
import '../features/tryout-night/tryout-night.css';
import '../features/tryout-night/coach-roster.css';

/** /coach/{teamId}/roster (issue 45): a coach's team roster on the phone; signed out, sign in first. */
export function CoachPage() {
  const { teamId = '' } = useParams();
  const { user, ready } = useSession();
  if (!ready) return <p role="status">Loading…</p>;
  if (!user) {
    rememberReturnTo(`/coach/${teamId}/roster`);
    return <Navigate to="/login" replace />;
  }
  return (
    <div className="night-page coach-page">
      <CoachRosterApp teamId={teamId} />
    </div>
  );
}
