/**
 * The footer a path carries (spec §2 shared chrome): the marketing footer on the programme pages and their
 * sub-pages, a short one on the account pages (issue 18), none elsewhere, `/` included. Neither is in the
 * app's own chunk, so `/` does not load them: each comes with the first page that shows it. A page opened on
 * such a path has it loaded before the app starts (app.tsx), and its prerendered HTML names its chunk
 * beside the page's, so hydration renders the same markup; a client-side navigation shows it once loaded.
 */
import { type ComponentType, useEffect, useState } from 'react';
import { showsFooter, showsShortFooter } from '@club/shared/site-paths';

export type FooterKind = 'marketing' | 'short';

/** Which footer a path carries, if any (letter case and a trailing slash ignored, as the router does). */
export function footerOf(pathname: string): FooterKind | null {
  if (showsFooter(pathname)) return 'marketing';
  return showsShortFooter(pathname) ? 'short' : null;
}

const importers: Record<FooterKind, () => Promise<ComponentType>> = {
  marketing: () => import('./footer').then((m) => m.Footer),
  short: () => import('./short-footer').then((m) => m.ShortFooter),
};

const loaded: Partial<Record<FooterKind, ComponentType>> = {};
const loading: Partial<Record<FooterKind, Promise<ComponentType>>> = {};

/** Loads a footer once; a failed load (a dropped connection) is tried again the next time it is asked for. */
export function loadFooter(kind: FooterKind): Promise<ComponentType> {
  loading[kind] ??= importers[kind]().then(
    (component) => (loaded[kind] = component),
    (error: unknown) => {
      delete loading[kind];
      throw error;
    },
  );
  return loading[kind];
}

/** Loads the footer `pathname` carries, if any. */
export async function loadFooterOf(pathname: string): Promise<void> {
  const kind = footerOf(pathname);
  if (kind) await loadFooter(kind);
}

export function PageFooter({ pathname }: { pathname: string }) {
  const kind = footerOf(pathname);
  const [, setLoadedKind] = useState<FooterKind | null>(null);
  const Footer = kind ? loaded[kind] : undefined;
  useEffect(() => {
    if (!kind || loaded[kind]) return;
    let live = true;
    loadFooter(kind).then(
      () => live && setLoadedKind(kind),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [kind]);
  return Footer ? <Footer /> : null;
}
