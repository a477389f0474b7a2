/** Route guards of spec §2, used as lazy layout routes around the protected screens. */
import type { ReactNode } from 'react';
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

/**
 * A signed-in player's screen; an administrator belongs on /admin. Until the session is known (on the server
 * and while the page hydrates) it shows `frame`: a prerendered screen's frame (issue 20), which the page then
 * fills in where it stands.
 */
export function PlayerOnly({
  frame = <Pending />,
  signedOut,
  children,
}: {
  frame?: ReactNode;
  /** What a signed-out visitor sees instead of being sent to /login (a screen that says what happens next). */
  signedOut?: ReactNode;
  children: ReactNode;
}) {
  const { user, ready } = useSession();
  if (!ready) return frame;
  if (!user) return signedOut ?? <SignInFirst />;
  if (user.is_admin) return <Navigate to="/admin" replace />;
  return children;
}

/** An ordinary protected route (a layout route): a signed-in player; an administrator belongs on /admin. */
export function RequirePlayer() {
  return (
    <PlayerOnly>
      <Outlet />
    </PlayerOnly>
  );
}

/** An admin route: no user goes to /login, a non-administrator to /dashboard. */
export function RequireAdmin() {
  const { user, ready } = useSession();
  if (!ready) return <Pending />;
  if (!user) return <SignInFirst />;
  if (!user.is_admin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
