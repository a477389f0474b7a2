import { AuthCard } from '../features/auth/auth-card';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form';
import { authMessages as t } from '../features/auth/messages';

export function ForgotPasswordPage() {
  return (
    <AuthCard title={t.forgotTitle}>
      <p>Enter your account&apos;s email and we will send you a link to set a new password.</p>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
