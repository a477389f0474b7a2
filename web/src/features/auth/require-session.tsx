/** Route guards of spec §2, used as lazy layout routes around the protected screens. */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/session-context';
import { rememberReturnTo } from '../../lib/return-to';

function Pending() {
  return <p role="status" className="auth-pending" aria-live="polite" />;
}

/** To /login, remembering the page that asked, so signing in comes back to it (issue 18). */
function SignInFirst() {
  const { pathname, search } = useLocation();
  rememberReturnTo(pathname + search);
  return <Navigate to="/login" replace />;
}

/** An ordinary protected route: a signed-in player; an administrator belongs on /admin. */
export function RequirePlayer() {
  const { user, ready } = useSession();
  if (!ready) return <Pending />;
  if (!user) return <SignInFirst />;
  if (user.is_admin) return <Navigate to="/admin" replace />;
  return <Outlet />;
}

/** An admin route: no user goes to /login, a non-administrator to /dashboard. */
export function RequireAdmin() {
  const { user, ready } = useSession();
  if (!ready) return <Pending />;
  if (!user) return <SignInFirst />;
  if (!user.is_admin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
