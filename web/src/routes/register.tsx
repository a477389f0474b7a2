import type { PageMeta } from '../lib/page-meta';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { RegisterForm } from '../features/auth/register-form';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Create Your Account',
  description: 'Create a Summit Basketball account for yourself or your children to register for tryouts.',
  noindex: true,
};

export default function RegisterPage() {
  return (
    <AuthCard title={t.registerTitle} wide>
      <RegisterForm />
    </AuthCard>
  );
}
