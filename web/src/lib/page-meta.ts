/**
 * Each page's title and description. A route declares `handle: { meta }`; the prerender step writes its tags
 * into the page's HTML (page-head.ts, which adds the social preview tags) and the layout updates the title and
 * the search engines' tags on client-side navigation, both from the same function, so they cannot drift.
 */
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { CLUB } from '../content/club';

export interface PageMeta {
  /** The page's own title; the club's name is appended. */
  title: string;
  /** One or two sentences for search results and link previews. */
  description: string;
  /** Keep the page out of search engines (not-found, account screens). */
  noindex?: boolean;
}

/** What a route puts in its `handle`. */
export interface RouteHandle {
  meta?: PageMeta;
}

export const DEFAULT_META: PageMeta = {
  title: 'Youth Basketball in Edmonton, Alberta',
  description: `${CLUB.name}: fall and spring teams for boys and girls, winter programming, camps and tournaments in Edmonton, Alberta, with elite coaching regardless of finances.`,
};

export function fullTitle(meta: PageMeta): string {
  return `${meta.title} | ${CLUB.name}`;
}

export interface HeadTag {
  tag: 'meta' | 'link';
  attributes: Record<string, string>;
}

export const named = (name: string, content: string): HeadTag => ({
  tag: 'meta',
  attributes: { name, content },
});

/** What search engines read, the app's own rendering included: the description, and the canonical link or noindex. */
export function searchTags(meta: PageMeta, path: string): HeadTag[] {
  return [
    named('description', meta.description),
    meta.noindex
      ? named('robots', 'noindex')
      : { tag: 'link', attributes: { rel: 'canonical', href: `${CLUB.siteOrigin}${path}` } },
  ];
}

/** Marks the tags this module manages, so a navigation can replace them all. */
export const MANAGED = 'data-page-meta';

/**
 * Replaces the document's title and managed head tags on a client-side navigation. The social preview tags
 * the prerendered page came with go (they describe the page first opened); no new ones are added, since link
 * previews are made from the HTML a URL serves, never after running its scripts.
 */
export function applyHead(doc: Document, meta: PageMeta, path: string): void {
  doc.title = fullTitle(meta);
  for (const el of doc.head.querySelectorAll(`[${MANAGED}]`)) el.remove();
  for (const { tag, attributes } of searchTags(meta, path)) {
    const el = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    el.setAttribute(MANAGED, '');
    doc.head.append(el);
  }
}

/** The meta of the deepest matched route that declares one. */
export function matchedMeta(matches: ReadonlyArray<{ handle?: unknown }>): PageMeta {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const meta = (matches[i]!.handle as RouteHandle | undefined)?.meta;
    if (meta) return meta;
  }
  return DEFAULT_META;
}

/** Keeps the head in step with the route on client-side navigation. */
export function useDocumentMeta(): void {
  const matches = useMatches();
  const { pathname } = useLocation();
  const meta = matchedMeta(matches);
  useEffect(() => {
    applyHead(document, meta, pathname);
  }, [meta, pathname]);
}
