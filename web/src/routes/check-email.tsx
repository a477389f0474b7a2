import { Link } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { useCarriedEmail } from '../features/auth/use-carried-email';
import { VerificationSentNotice } from '../features/auth/verification-sent-notice';

export function CheckEmailPage() {
  const email = useCarriedEmail();
  return (
    <AuthCard title={t.registrationSuccessful}>
      <VerificationSentNotice email={email} />
      <p className="auth-links">
        <Link to="/register">{t.registerDifferentEmail}</Link>
      </p>
    </AuthCard>
  );
}
