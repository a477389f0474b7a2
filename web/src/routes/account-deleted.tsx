import { Link } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import type { PageMeta } from '../lib/page-meta';

/** Prerendered (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Account Deleted',
  description: 'Your Summit Basketball account was deleted.',
  noindex: true,
};

/** /account-deleted (issue 19): where a member lands after deleting their account. */
export default function AccountDeletedPage() {
  return (
    <AuthCard title="Your account was deleted">
      <div className="auth-form">
        <p role="status">
          Your account and its sign-ins are gone. The club keeps only its records of past tryouts, without
          your name or contact. Thank you for playing with us.
        </p>
        <Link className="button" to="/">
          Back to the home page
        </Link>
      </div>
    </AuthCard>
  );
}
