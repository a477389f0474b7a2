import { NavLink } from 'react-router-dom';
import { useRegistrationOpen } from '../lib/season-events';
import { useSession } from '../lib/session-context';

/**
 * "Register for tryouts" in the navigation while the active season takes registrations (issue 18). It leads
 * to /tryout: a signed-out visitor is sent through sign-in (or sign-up) and comes back there. Administrators
 * do not register, so they are not offered it.
 */
export function RegisterLink({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const open = useRegistrationOpen();
  const { user } = useSession();
  if (!open || user?.is_admin) return null;
  return (
    <li>
      <NavLink className={className} to="/tryout" onClick={onNavigate}>
        {/* A no-break space: in the phone menu the link is a flex box, which drops a plain space leading a
            flex item, and it read "Registerfor tryouts" (issue 36). */}
        Register<span className="nav-register-more">{'\u00a0'}for tryouts</span>
      </NavLink>
    </li>
  );
}
