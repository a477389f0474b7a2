/**
 * While registration is closed (issue 18): when it opens, if the season says, and "E-mail me when it opens",
 * a signed-in one-click list mailed once when the admin opens registration. Shown on /TryoutsClosed and on
 * the dashboard, so a closed registration is never a dead end.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { sessionDay } from '@club/shared/sessions';
import { FormError } from './form-error';
import { rememberReturnTo } from '../lib/return-to';
import { useSession } from '../lib/session-context';

/** "Registration opens on Tuesday, January 5, 2027." when the season says; nothing otherwise. */
export function OpensOn({ date }: { date: string | null | undefined }) {
  if (!date) return null;
  return <p className="opens-on">Registration opens on {sessionDay({ starts_at: `${date}T00:00` })}.</p>;
}

type State = { kind: 'loading' } | { kind: 'ready'; subscribed: boolean; busy: boolean; error?: string };

const FAILED = 'We could not save that. Please try again.';

/**
 * The account client, asked for only when a signed-in family uses the list: /TryoutsClosed shows this notice
 * to every visitor, and one who is not signed in never needs it.
 */
const accountClient = () => import('../lib/api-client');

/** The list's button for a signed-in family; a way to sign in for a visitor; nothing for an administrator. */
export function OpeningNotice() {
  const { user, ready } = useSession();
  const { pathname } = useLocation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const signedIn = Boolean(user && !user.is_admin);

  useEffect(() => {
    if (!signedIn) return undefined;
    let current = true;
    accountClient()
      .then(({ callApi }) => callApi('getOpeningNotice'))
      .then(
        (answer) => current && setState({ kind: 'ready', subscribed: answer.subscribed, busy: false }),
        () => current && setState({ kind: 'ready', subscribed: false, busy: false }),
      );
    return () => {
      current = false;
    };
  }, [signedIn]);

  if (!ready || user?.is_admin) return null;
  if (!user) {
    return (
      <div className="opening-notice">
        <p>Sign in, and we will e-mail you once when registration opens.</p>
        <p>
          <Link className="button button-secondary" to="/login" onClick={() => rememberReturnTo(pathname)}>
            Sign in to be e-mailed
          </Link>
        </p>
      </div>
    );
  }
  if (state.kind === 'loading') return <div className="opening-notice" aria-busy="true" />;

  async function change(subscribe: boolean) {
    setState({ kind: 'ready', subscribed: !subscribe, busy: true });
    let error = FAILED;
    try {
      const { callApi, serverMessageOr } = await accountClient();
      try {
        const answer = await callApi(subscribe ? 'requestOpeningNotice' : 'cancelOpeningNotice');
        setState({ kind: 'ready', subscribed: answer.subscribed, busy: false });
        return;
      } catch (failure) {
        error = serverMessageOr(failure, FAILED);
      }
    } catch {
      // The client did not load (a dropped connection): the general message.
    }
    setState({ kind: 'ready', subscribed: !subscribe, busy: false, error });
  }

  return (
    <div className="opening-notice">
      {state.subscribed ? (
        <>
          <p role="status">
            We will e-mail <strong>{user.email}</strong> once when registration opens.
          </p>
          <p>
            <button
              type="button"
              className="button button-secondary"
              disabled={state.busy}
              onClick={() => void change(false)}
            >
              Don’t e-mail me
            </button>
          </p>
        </>
      ) : (
        <p>
          <button type="button" className="button" disabled={state.busy} onClick={() => void change(true)}>
            E-mail me when it opens
          </button>
        </p>
      )}
      <FormError message={state.error ?? ''} />
    </div>
  );
}
