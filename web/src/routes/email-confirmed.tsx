import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { authMessages as t } from '../features/auth/messages';
import type { PageMeta } from '../lib/page-meta';
import { useSession } from '../lib/session-context';
import { rememberReturnTo } from '../lib/return-to';

/** Prerendered (issue 20): where a verification link leads, kept out of search engines. */
export const meta: PageMeta = {
  title: 'Email Verified',
  description: 'Your e-mail address is confirmed: sign in to your Summit Basketball account.',
  noindex: true,
};

/** After verifying, the user signs in afresh (spec §2, §4), so any session in this tab ends here. */
export default function EmailConfirmedPage() {
  const { logout } = useSession();
  useEffect(() => {
    void logout();
  }, [logout]);
  // Carried from the link (issue 36): signing in fills in the address and continues where the family was
  // going when it signed up, in this tab or on another device.
  const carried = (useLocation().state ?? {}) as { email?: string; returnTo?: string };
  useEffect(() => {
    if (carried.returnTo) rememberReturnTo(carried.returnTo);
  }, [carried.returnTo]);

  return (
    <AuthCard title={t.emailVerified}>
      <p>{t.emailVerifiedDetail}</p>
      <Link to="/login" state={carried.email ? { email: carried.email } : null} className="button">
        {t.continueToLogin}
      </Link>
    </AuthCard>
  );
}
