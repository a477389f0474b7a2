import type { PageMeta } from '../lib/page-meta';
import { Link } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { useCarriedEmail } from '../features/auth/use-carried-email';
import { VerificationSentNotice } from '../features/auth/verification-sent-notice';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Registration Successful',
  description: 'Your Summit Basketball account was created: confirm your e-mail address to sign in.',
  noindex: true,
};

/**
 * /check-email (spec §2): after sign-up. The spec's heading stays; under it the page says the next step and its
 * main button takes the family on once the link is followed (issue 18).
 */
export default function CheckEmailPage() {
  const email = useCarriedEmail();
  return (
    <AuthCard title={t.registrationSuccessful}>
      <h2 className="auth-next">{t.checkEmailNext}</h2>
      <VerificationSentNotice email={email} />
      {email ? (
        <p className="auth-next-action">
          <Link className="button" to="/login">
            {t.verifiedSignIn}
          </Link>
        </p>
      ) : null}
      <p className="auth-links">
        <Link to="/register">{t.registerDifferentEmail}</Link>
      </p>
    </AuthCard>
  );
}
