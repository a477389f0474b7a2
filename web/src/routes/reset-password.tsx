import type { PageMeta } from '../lib/page-meta';
import { useLocation, useParams } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import { ResetPasswordForm } from '../features/auth/reset-password-form';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Set a New Password',
  description: 'Choose a new password for your Summit Basketball account.',
  noindex: true,
};

/**
 * /reset-password#<token>, the mails' link: the token sits in the fragment, which the browser never sends,
 * so no server or CDN log holds it. /reset-password/{token} (spec §2) works too, for a link typed by hand.
 */
export default function ResetPasswordPage() {
  const { token: fromPath } = useParams();
  const { hash } = useLocation();
  return (
    <AuthCard title={t.resetTitle}>
      <ResetPasswordForm token={fromPath ?? hash.slice(1)} />
    </AuthCard>
  );
}
