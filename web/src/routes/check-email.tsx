import { Link } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { useCarriedEmail } from '../features/auth/use-carried-email';
import { VerificationResend } from '../features/auth/verification-resend';

export function CheckEmailPage() {
  const email = useCarriedEmail();
  return (
    <AuthCard title={t.registrationSuccessful}>
      {email ? (
        <>
          <p>
            {t.verificationSentTo} <strong>{email}</strong>. Please follow the link in it to verify your
            account.
          </p>
          <VerificationResend email={email} />
        </>
      ) : (
        <p role="alert" className="form-error">
          {t.missingEmail}
        </p>
      )}
      <p className="auth-links">
        <Link to="/register">{t.registerDifferentEmail}</Link>
      </p>
    </AuthCard>
  );
}
