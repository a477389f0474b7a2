import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { NavBar } from '../components/nav-bar';
import { PageFooter } from '../components/page-footer';
import { PageLoadSpinner } from '../components/page-load-spinner';
import { replayEarlyPresses } from '../lib/early-presses';
import { hydrationDone } from '../lib/after-hydration';
import { useDocumentMeta } from '../lib/page-meta';
import { useScrollOnNavigate } from '../lib/use-scroll-on-navigate';

/**
 * The shared chrome around every route (spec §2): the navigation, the page-load spinner, the main content in
 * an error boundary, the footer on the marketing paths (spec §2) and a short one on the account pages.
 * Guard-free: account screens add their own guards inside.
 */
export function Layout() {
  const { pathname } = useLocation();
  useDocumentMeta();
  useScrollOnNavigate('main');
  useEffect(() => {
    // Lets browser tests (and CSS) know the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
    // A menu pressed before the app ran opens now: after this commit, not inside it.
    // The forms took what was typed before hydration in their first render: nothing more to keep.
    hydrationDone();
    const replay = setTimeout(() => void replayEarlyPresses(), 0);
    return () => clearTimeout(replay);
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <PageLoadSpinner />
      <NavBar />
      <main id="main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <PageFooter pathname={pathname} />
    </>
  );
}
