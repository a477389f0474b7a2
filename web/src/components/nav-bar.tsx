import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CLUB } from '../content/club';
import { isMenu, NAV_ENTRIES, type NavMenu } from '../content/navigation';
import { AuthLinks } from './auth-links';
import { MobileSidebar } from './mobile-sidebar';
import { RegisterLink } from './register-link';
import logoUrl from '../assets/logo.svg';

/** The path part of a link target: '/about#mission' → '/about'. */
function pathOf(to: string): string {
  return to.split('#')[0] || '/';
}

interface DropdownProps {
  menu: NavMenu;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A disclosure: a button that shows or hides a list of links. Enter, Space or ArrowDown open it, the arrow
 * keys move through its links, Escape closes it and puts focus back on its button, and leaving it (Tab or a
 * click elsewhere) closes it.
 */
function NavDropdown({ menu, open, onOpenChange }: DropdownProps) {
  const { pathname } = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = `nav-menu-${menu.id}`;
  // A menu is current when one of its pages is shown (its link to a home-page section does not count).
  const current = menu.items.some((item) => {
    const path = pathOf(item.to);
    return path !== '/' && path.toLowerCase() === pathname.toLowerCase();
  });

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    switch (event.key) {
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        onOpenChange(false);
        buttonRef.current?.focus();
        return;
      case 'ArrowDown':
        event.preventDefault();
        if (!open) flushSync(() => onOpenChange(true));
        focusLink(index + 1);
        return;
      case 'ArrowUp':
        if (!open) return;
        event.preventDefault();
        focusLink(index < 0 ? -1 : index - 1);
        return;
      case 'Home':
      case 'End':
        if (!open || index < 0) return;
        event.preventDefault();
        focusLink(event.key === 'Home' ? 0 : -1);
    }
  };

  return (
    <div
      className="nav-dropdown"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Only a focus move to somewhere else closes it (a click outside is handled by the nav bar).
        const next = event.relatedTarget as Node | null;
        if (open && next && !event.currentTarget.contains(next)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link nav-dropdown-button${current ? ' is-current' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => onOpenChange(!open)}
      >
        {menu.label}
        <span className="chevron" aria-hidden="true" />
      </button>
      <ul ref={listRef} id={listId} className="nav-dropdown-list" hidden={!open}>
        {menu.items.map((item) => (
          <li key={item.to}>
            <Link className="nav-dropdown-link" to={item.to} onClick={() => onOpenChange(false)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The club's logo and name, linking home. */
function Brand() {
  return (
    <Link className="brand" to="/">
      <img src={logoUrl} alt="" width="40" height="40" />
      <span className="brand-name">
        <span className="brand-line">{CLUB.shortName}</span>
        <span className="brand-sub">Edmonton</span>
      </span>
      <span className="visually-hidden"> — home</span>
    </Link>
  );
}

/** The navigation bar on every route (spec §2), with the mobile sidebar behind its hamburger button. */
export function NavBar() {
  const { pathname } = useLocation();
  // Which dropdown is open, and on which page: moving to another page closes it without an effect.
  const [openMenu, setOpenMenu] = useState<{ id: string; pathname: string } | null>(null);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const openId = openMenu?.pathname === pathname ? openMenu.id : null;

  useEffect(() => {
    if (!openId) return undefined;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenMenu(null);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [openId]);

  // The admin area gets a small header: the club's name, Admin and Logout, no marketing menu (issue 18).
  const adminArea = pathname === '/admin' || pathname.startsWith('/admin/');
  if (adminArea) {
    return (
      <header className="site-header">
        <nav className="nav-bar nav-bar-compact" aria-label="Main">
          <Brand />
          <ul className="nav-auth">
            <AuthLinks />
          </ul>
        </nav>
      </header>
    );
  }

  return (
    <header className="site-header">
      <nav ref={navRef} className="nav-bar" aria-label="Main">
        <Brand />
        <ul className="nav-list">
          {NAV_ENTRIES.map((entry) =>
            isMenu(entry) ? (
              <li key={entry.id}>
                <NavDropdown
                  menu={entry}
                  open={openId === entry.id}
                  onOpenChange={(open) => setOpenMenu(open ? { id: entry.id, pathname } : null)}
                />
              </li>
            ) : (
              <li key={entry.to}>
                <NavLink className="nav-link" to={entry.to}>
                  {entry.label}
                </NavLink>
              </li>
            ),
          )}
        </ul>
        <ul className="nav-auth">
          <RegisterLink className="nav-link nav-register" />
          <AuthLinks />
        </ul>
        <button
          ref={toggleRef}
          type="button"
          className="nav-toggle"
          aria-expanded={sidebarOpen}
          aria-controls="mobile-menu"
          onClick={() => setSidebarOpen(true)}
        >
          <span className="hamburger" aria-hidden="true" />
          Menu
        </button>
      </nav>
      <MobileSidebar
        open={sidebarOpen}
        onClose={() => {
          setSidebarOpen(false);
          toggleRef.current?.focus();
        }}
      />
    </header>
  );
}
