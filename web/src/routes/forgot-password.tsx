import type { PageMeta } from '../lib/page-meta';
import { AuthCard } from '../features/auth/auth-card';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form';
import { authMessages as t } from '../features/auth/messages';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Forgot Password',
  description: 'Get a link to set a new password for your Summit Basketball account.',
  noindex: true,
};

export default function ForgotPasswordPage() {
  return (
    <AuthCard title={t.forgotTitle}>
      <p>Enter your account&apos;s email and we will send you a link to set a new password.</p>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
