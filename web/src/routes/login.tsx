import type { PageMeta } from '../lib/page-meta';
import { AuthCard } from '../features/auth/auth-card';
import { LoginForm } from '../features/auth/login-form';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Login',
  description: 'Sign in to your Summit Basketball account to register for tryouts and see your results.',
  noindex: true,
};

export default function LoginPage() {
  return (
    <AuthCard title="Login">
      <LoginForm />
    </AuthCard>
  );
}
