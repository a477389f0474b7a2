import { NavLink } from 'react-router-dom';
import { useSession } from '../lib/session-context';
import { useHydrated } from '../lib/use-hydrated';

/**
 * Login when signed out, Dashboard (or Admin for an administrator) and Logout when signed in (spec §2).
 * Until the page has hydrated it shows the signed-out form, as the prerendered HTML does; while a stored
 * session is being restored it shows nothing rather than the wrong thing. Each item has its own key, so a
 * restored session puts new items in place of Login rather than moving Login's (a layout shift).
 */
export function AuthLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user, ready, logout } = useSession();
  const hydrated = useHydrated();
  if (hydrated && !ready) return null;
  if (!hydrated || !user) {
    return (
      <li key="login">
        <NavLink className="nav-link nav-login" to="/login" onClick={onNavigate}>
          Login
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li key="account">
        <NavLink className="nav-link" to={user.is_admin ? '/admin' : '/dashboard'} onClick={onNavigate}>
          {user.is_admin ? 'Admin' : 'Dashboard'}
        </NavLink>
      </li>
      <li key="logout">
        <button
          type="button"
          className="nav-link nav-logout"
          onClick={() => {
            onNavigate?.();
            void logout();
          }}
        >
          Logout
        </button>
      </li>
    </>
  );
}
