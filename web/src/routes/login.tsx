import { AuthCard } from '../features/auth/auth-card';
import { LoginForm } from '../features/auth/login-form';

export function LoginPage() {
  return (
    <AuthCard title="Login">
      <LoginForm />
    </AuthCard>
  );
}
