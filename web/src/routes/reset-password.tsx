import { useParams } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { ResetPasswordForm } from '../features/auth/reset-password-form';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  return (
    <AuthCard title={t.resetTitle}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
