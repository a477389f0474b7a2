import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { HelperGrant } from '@club/shared/tryout-night';
import { acceptHelper } from '../features/tryout-night/api';
import { serverMessageOr } from '../lib/api-client';
import { rememberReturnTo } from '../lib/return-to';
import { useSession } from '../lib/session-context';

const KEY = 'club.pending-helper-invite';

/** /helpers/accept#<token> (issue 37): the invited address takes the job; the token waits in this tab through a sign-in. */
export function HelpersAcceptPage() {
  const { user, ready } = useSession();
  const { hash } = useLocation();
  const [token] = useState(() => {
    const fromLink = hash.slice(1);
    if (fromLink) sessionStorage.setItem(KEY, fromLink);
    return fromLink || sessionStorage.getItem(KEY);
  });
  const [state, setState] = useState<{ grants?: HelperGrant[]; error?: string; busy?: boolean }>({});
  if (!ready) return <p role="status">Loading…</p>;
  if (!user) {
    rememberReturnTo('/helpers/accept');
    return <Navigate to="/login" replace />;
  }
  async function accept() {
    if (!token) return;
    setState({ busy: true });
    try {
      const grants = await acceptHelper(token);
      sessionStorage.removeItem(KEY);
      setState({ grants });
    } catch (error) {
      setState({ error: serverMessageOr(error, 'The invitation could not be accepted. Please try again.') });
    }
  }
  return (
    <main className="night-page">
      <h1>Help on tryout night</h1>
      {!token ? (
        <p role="alert">This helper link is invalid or has expired. Ask the club for a new one.</p>
      ) : state.grants ? (
        <>
          <p role="status">You are in. Open your screen on tryout night:</p>
          <ul>
            {state.grants.map((g) => (
              <li key={`${g.season_id}-${g.role}`}>
                <Link to={g.role === 'check-in' ? '/checkin' : '/evaluate'}>
                  {g.season_name}: {g.role === 'check-in' ? 'Check-in' : `Scoring ${g.age_groups.join(', ')}`}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>Accept the club’s invitation as {user.email}.</p>
          {state.error ? (
            <p role="alert" className="form-error">
              {state.error}
            </p>
          ) : null}
          <button
            type="button"
            className="button"
            aria-disabled={state.busy || undefined}
            onClick={() => void accept()}
          >
            {state.busy ? 'Accepting…' : 'Accept'}
          </button>
        </>
      )}
    </main>
  );
}
