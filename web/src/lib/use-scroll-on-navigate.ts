import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { HASH_SCROLL_DELAY_MS } from '@club/shared/page-constants';

/**
 * Scrolls like a multi-page site would: to a hash anchor such as #upcoming-events after HASH_SCROLL_DELAY_MS
 * (spec §2, so the page has settled), otherwise to the top on a new page, with focus on the main content so
 * screen reader and keyboard users start there.
 */
export function useScrollOnNavigate(mainId = 'main'): void {
  const { pathname, hash, key } = useLocation();
  // The location last handled: the first page load is the browser's to scroll, and a re-run of the effect
  // for the same location (React's StrictMode does that in development) is not a navigation.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const isNavigation = handled.current !== null && handled.current !== key;
    handled.current = key;
    if (hash.length > 1) {
      const timer = setTimeout(() => {
        const target = document.getElementById(decodeURIComponent(hash.slice(1)));
        if (!target) return;
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
      }, HASH_SCROLL_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (isNavigation) {
      window.scrollTo(0, 0);
      document.getElementById(mainId)?.focus({ preventScroll: true });
    }
    return undefined;
  }, [pathname, hash, key, mainId]);
}
