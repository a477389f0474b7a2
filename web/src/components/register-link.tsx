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
      <NavLink className={className} to="/tryout" onClick={onNavigate} aria-label="Register for tryouts">
        {/* One text in one span (a flex box drops a plain space leading a flex item: it read "Registerfor
            tryouts"); on a desktop the bar reads "Tryouts", so "Register" there means only signing up (issue 36). */}
        <span className="nav-register-full">Register for tryouts</span>
        <span className="nav-register-short" aria-hidden="true">
          Tryouts
        </span>
      </NavLink>
    </li>
  );
}
