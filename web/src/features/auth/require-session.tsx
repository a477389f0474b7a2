/** Route guards of spec §2, used as lazy layout routes around the protected screens. */
import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../../lib/session-context';

function Pending() {
  return <p role="status" className="auth-pending" aria-live="polite" />;
}

/** An ordinary protected route: a signed-in player; an administrator belongs on /admin. */
export function RequirePlayer() {
  const { user, ready } = useSession();
  if (!ready) return <Pending />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.is_admin) return <Navigate to="/admin" replace />;
  return <Outlet />;
}

/** An admin route: no user goes to /login, a non-administrator to /dashboard. */
export function RequireAdmin() {
  const { user, ready } = useSession();
  if (!ready) return <Pending />;
  if (!user) return <Navigate to="/login" replace />;
  if (!user.is_admin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Where a user goes after signing in. */
export function homeFor(user: { is_admin: boolean } | null): string {
  return user?.is_admin ? '/admin' : '/dashboard';
}
