import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { RegisterForm } from '../features/auth/register-form';

export function RegisterPage() {
  return (
    <AuthCard title={t.registerTitle} wide>
      <RegisterForm />
    </AuthCard>
  );
}
