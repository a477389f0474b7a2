import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { useCarriedEmail } from '../features/auth/use-carried-email';
import { VerificationResend } from '../features/auth/verification-resend';
import { VerificationSentNotice } from '../features/auth/verification-sent-notice';

export function VerifyNoticePage() {
  const email = useCarriedEmail();
  const [params] = useSearchParams();
  const linkInvalid = params.get('link') === 'invalid';

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
