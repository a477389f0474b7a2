import type { PageMeta } from '../lib/page-meta';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { verifyEmail } from '../features/auth/api';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { ApiError } from '../lib/api-client';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Confirming Your Email',
  description: 'Confirming your e-mail address for your Summit Basketball account.',
  noindex: true,
};

/**
 * /verify-email#<token>: the verification mail's link. The token sits in the fragment, which the browser never
 * sends anywhere, so no CDN or API log holds it; this screen posts it and moves on to the confirmation, or,
 * for a link that is spent or expired, to the page that sends a new one. A failure that is not the link's
 * (offline, a server error) keeps the token and offers to try again.
 */
export default function VerifyEmailPage() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const token = useRef(hash.slice(1)).current;
  const [unavailable, setUnavailable] = useState(false);

  const verify = useCallback(async () => {
    setUnavailable(false);
    try {
      if (!token) throw new ApiError(400, null);
      const { email, return_to } = await verifyEmail(token);
      // The address for the sign-in form, and where the family was going when it signed up (issue 36).
      navigate('/email-confirmed', { replace: true, state: { email, returnTo: return_to } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        navigate('/verify-notice?link=invalid', { replace: true });
      } else {
        setUnavailable(true);
      }
    }
  }, [navigate, token]);

  // Once per visit, even when React runs effects twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void verify();
  }, [verify]);

  return (
    <AuthCard title={t.verifyTitle}>
      {unavailable ? (
        <div className="auth-form">
          <p role="alert" className="form-error">
            {t.verifyUnavailable}
          </p>
          <button type="button" className="button" onClick={() => void verify()}>
            {t.tryAgain}
          </button>
        </div>
      ) : (
        <p role="status">{t.verifying}</p>
      )}
    </AuthCard>
  );
}
