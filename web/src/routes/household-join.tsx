import { useEffect, useState } from 'react';
import type { InvitationPreview } from '@club/shared/types';
import { Link, useLocation } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { acceptInvite, PENDING_INVITE_KEY } from '../features/household/api';
import { householdMessages as t } from '../features/household/messages';
import { callApi, serverMessageOr } from '../lib/api-client';
import type { PageMeta } from '../lib/page-meta';
import { useSession } from '../lib/session-context';
import { useHydrated } from '../lib/use-hydrated';

/** Prerendered as its frame (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Join a Family Account',
  description: 'Accept an invitation to a family account at Summit Basketball.',
  noindex: true,
};

/** The token this tab holds: the link's fragment, kept for after a sign-in, or one kept before. */
function inviteToken(hash: string): string | null {
  const fromLink = hash.slice(1);
  try {
    if (fromLink) sessionStorage.setItem(PENDING_INVITE_KEY, fromLink);
    return fromLink || sessionStorage.getItem(PENDING_INVITE_KEY);
  } catch {
    return fromLink || null;
  }
}

/**
 * /household/join#<token>: a household's invitation (issue 17). The token sits in the fragment, which no log
 * keeps. Signed in, the invited account accepts here; signed out, the token waits in this tab while its reader
 * signs in or signs up, and the dashboard offers it. Prerendered as its frame (the heading and the invitation's
 * first line): the fragment and the session are the browser's, so the rest shows once hydrated.
 */
export default function HouseholdJoinPage() {
  const { user, ready } = useSession();
  const hydrated = useHydrated();
  const { hash } = useLocation();
  const [token] = useState(() => inviteToken(hash));
  // Who invited and whose children (issue 36), read with the token once the page has it.
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    callApi('previewGuardianInvite', { body: { token } }).then(
      (answer) => current && setPreview(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [token]);
  const intro = preview ? t.joinIntroFrom(preview.inviter_name, preview.athlete_names) : t.joinIntro;
  const [state, setState] = useState<
    { kind: 'idle' | 'busy' | 'joined' } | { kind: 'failed'; message: string }
  >({
    kind: 'idle',
  });

  async function accept() {
    if (!token || state.kind === 'busy') return;
    setState({ kind: 'busy' });
    try {
      await acceptInvite(token);
      sessionStorage.removeItem(PENDING_INVITE_KEY);
      setState({ kind: 'joined' });
    } catch (e) {
      setState({ kind: 'failed', message: serverMessageOr(e, t.failed) });
    }
  }

  return (
    <AuthCard title={t.joinTitle}>
      <div className="auth-form">
        {!hydrated ? (
          <p>{t.joinIntro}</p>
        ) : !token ? (
          // Its own element, not the frame's first line restyled: replacing it moves nothing painted.
          <p key="no-invite" role="alert" className="form-error">
            {t.noInvite}
          </p>
        ) : state.kind === 'joined' ? (
          <>
            <p role="status" className="form-success">
              {t.joined}
            </p>
            <Link className="button" to="/dashboard">
              {t.toDashboard}
            </Link>
          </>
        ) : !ready ? (
          <p>{t.joinIntro}</p>
        ) : user ? (
          <>
            <p>{intro}</p>
            {state.kind === 'failed' ? (
              <p role="alert" className="form-error">
                {state.message}
              </p>
            ) : null}
            <button
              type="button"
              className="button"
              aria-disabled={state.kind === 'busy' || undefined}
              onClick={() => void accept()}
            >
              {state.kind === 'busy' ? t.joining : t.joinAccept}
            </button>
          </>
        ) : (
          <>
            <p>{intro}</p>
            <p>{t.joinSignIn}</p>
            <p className="auth-links">
              <Link className="button" to="/login" state={preview ? { email: preview.email } : null}>
                {t.signIn}
              </Link>{' '}
              {/* A parent's sign-up, the invited address filled in (issue 36). */}
              <Link
                to={
                  preview
                    ? `/register?as=guardian&email=${encodeURIComponent(preview.email)}`
                    : '/register?as=guardian'
                }
              >
                {t.createAccount}
              </Link>
            </p>
          </>
        )}
      </div>
    </AuthCard>
  );
}
