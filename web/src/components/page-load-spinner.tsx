import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PAGE_SPINNER_MS } from '@club/shared/page-constants';
import { useHydrated } from '../lib/use-hydrated';

/**
 * The page-load spinner (spec §2: 300 ms). It floats above the page as a thin bar and a small ball, so it
 * never hides content (the prerendered page is readable at once, with or without JavaScript) and never moves
 * anything. It appears only once scripts run, and again on each new page. Screen readers skip it: the page is
 * already there to read.
 */
export function PageLoadSpinner() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState<string | null>(null);

  useEffect(() => {
    if (!hydrated) return undefined;
    const timer = setTimeout(() => setShownFor(pathname), PAGE_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [hydrated, pathname]);

  const visible = hydrated && shownFor !== pathname;
  return (
    <div className="page-spinner" data-visible={visible} aria-hidden="true" data-testid="page-spinner">
      <span className="page-spinner-bar" />
      <span className="page-spinner-ball" />
    </div>
  );
}
