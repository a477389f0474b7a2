import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CLUB } from '../content/club';
import { isMenu, NAV_ENTRIES } from '../content/navigation';
import { AuthLinks } from './auth-links';
import { RegisterLink } from './register-link';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The narrow-screen menu (spec §2): a modal <dialog> that slides in from the side. The browser keeps focus
 * inside it and makes the page behind inert; Escape, the close button, a tap on the backdrop or following a
 * link closes it, and focus returns to the hamburger button.
 */
export function MobileSidebar({ open, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      id="mobile-menu"
      className="sidebar"
      aria-label="Site menu"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on its backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="sidebar-panel">
          <div className="sidebar-head">
            <Link className="sidebar-brand" to="/" onClick={onClose}>
              {CLUB.shortName}
            </Link>
            <button type="button" className="sidebar-close" onClick={onClose} aria-label="Close menu">
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="sidebar-list">
              {NAV_ENTRIES.map((entry) => {
                if (!isMenu(entry)) {
                  return (
                    <li key={entry.to}>
                      <NavLink className="sidebar-link" to={entry.to} onClick={onClose}>
                        {entry.label}
                      </NavLink>
                    </li>
                  );
                }
                const isOpen = expanded === entry.id;
                return (
                  <li key={entry.id}>
                    <button
                      type="button"
                      className="sidebar-link sidebar-section"
                      aria-expanded={isOpen}
                      aria-controls={`sidebar-${entry.id}`}
                      onClick={() => setExpanded(isOpen ? null : entry.id)}
                    >
                      {entry.label}
                      <span className="chevron" aria-hidden="true" />
                    </button>
                    <ul id={`sidebar-${entry.id}`} className="sidebar-sublist" hidden={!isOpen}>
                      {entry.items.map((item) => (
                        <li key={item.to}>
                          <Link
                            className="sidebar-sublink"
                            to={item.to}
                            aria-current={item.to === pathname ? 'page' : undefined}
                            onClick={onClose}
                          >
                            {item.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
              <RegisterLink className="sidebar-link sidebar-register" onNavigate={onClose} />
              <AuthLinks onNavigate={onClose} />
            </ul>
          </nav>
        </div>
      ) : null}
    </dialog>
  );
}
