import type { PageMeta } from '../lib/page-meta';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { useHydrated } from '../lib/use-hydrated';
import { authMessages as t } from '../features/auth/messages';
import { useCarriedEmail } from '../features/auth/use-carried-email';
import { VerificationResend } from '../features/auth/verification-resend';
import { VerificationSentNotice } from '../features/auth/verification-sent-notice';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Verify Your Email',
  description: 'Confirm your e-mail address to finish setting up your Summit Basketball account.',
  noindex: true,
};

export default function VerifyNoticePage() {
  const email = useCarriedEmail();
  const [params] = useSearchParams();
  // The prerendered page is the usual notice; a spent link's `?link=invalid` shows once it has hydrated.
  const hydrated = useHydrated();
  const linkInvalid = hydrated && params.get('link') === 'invalid';

  return (
    <AuthCard title={t.verifyTitle}>
      {linkInvalid ? (
        <>
          <p role="alert" className="form-error">
            {t.linkInvalid}
          </p>
          <VerificationResend email={email} askEmail />
        </>
      ) : (
        <VerificationSentNotice email={email} />
      )}
      <p className="auth-links">
        <Link to="/register">{t.registerDifferentEmail}</Link>
      </p>
    </AuthCard>
  );
}
