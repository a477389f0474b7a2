import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { ApiError, callApi, serverMessageOr } from '../lib/api-client';
import type { PageMeta } from '../lib/page-meta';
import { useSession } from '../lib/session-context';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Confirm Your New Email',
  description: 'Confirming the new e-mail address of your Summit Basketball account.',
  noindex: true,
};

const UNAVAILABLE = 'We could not confirm your new address right now. Please try again in a moment.';

/**
 * /account/confirm-email#<token> (issue 18): the link mailed to a new address. The token sits in the fragment,
 * which no log keeps; this screen posts it once, then says what changed. A failure that is not the link's
 * (offline, a server error) keeps the token and offers to try again. Prerendered as it first shows
 * ("Confirming your new address…"), which is the same with or without the token and the session.
 */
export default function ConfirmEmailChangePage() {
  const { hash } = useLocation();
  const { user } = useSession();
  const token = useRef(hash.slice(1)).current;
  const [state, setState] = useState<
    | { kind: 'busy' }
    | { kind: 'done'; message: string }
    | { kind: 'refused' | 'unavailable'; message: string }
  >({ kind: 'busy' });

  const confirm = useCallback(async () => {
    setState({ kind: 'busy' });
    try {
      if (!token) throw new ApiError(400, null);
      const answer = await callApi('confirmEmailChange', { body: { token } });
      setState({ kind: 'done', message: answer.message });
    } catch (error) {
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setState(
        refused
          ? {
              kind: 'refused',
              message: serverMessageOr(
                error,
                'This link is invalid or has expired. Ask for a new one from your account page.',
              ),
            }
          : { kind: 'unavailable', message: UNAVAILABLE },
      );
    }
  }, [token]);

  // Once per visit, even when React runs effects twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void confirm();
  }, [confirm]);

  return (
    <AuthCard title="Confirm your new e-mail address">
      <div className="auth-form">
        {state.kind === 'busy' ? <p role="status">Confirming your new address…</p> : null}
        {state.kind === 'done' ? (
          <>
            <p role="status" className="form-success">
              {state.message}
            </p>
            <Link className="button" to={user ? '/account' : '/login'}>
              {user ? 'Back to your account' : 'Sign in'}
            </Link>
          </>
        ) : null}
        {state.kind === 'refused' || state.kind === 'unavailable' ? (
          <>
            <p role="alert" className="form-error">
              {state.message}
            </p>
            {state.kind === 'unavailable' ? (
              <button type="button" className="button" onClick={() => void confirm()}>
                Try again
              </button>
            ) : (
              <Link className="button" to="/account">
                Go to your account
              </Link>
            )}
          </>
        ) : null}
      </div>
    </AuthCard>
  );
}
