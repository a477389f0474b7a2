/**
 * Each page's title, description and social preview tags. A route declares `handle: { meta }`; the prerender
 * step writes the tags into the page's HTML and the layout updates them on client-side navigation, both from
 * the same function, so they cannot drift.
 */
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { CLUB } from '../content/contact';

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

export const SOCIAL_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;

export function fullTitle(meta: PageMeta): string {
  return `${meta.title} | ${CLUB.name}`;
}

export interface HeadTag {
  tag: 'meta' | 'link';
  attributes: Record<string, string>;
}

/** The head tags of a page at `path`, besides <title>. */
export function headTags(meta: PageMeta, path: string): HeadTag[] {
  const url = `${CLUB.siteOrigin}${path}`;
  const image = `${CLUB.siteOrigin}${SOCIAL_IMAGE.path}`;
  const title = fullTitle(meta);
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', attributes: { name, content } });
  const property = (prop: string, content: string): HeadTag => ({
    tag: 'meta',
    attributes: { property: prop, content },
  });
  return [
    named('description', meta.description),
    ...(meta.noindex
      ? [named('robots', 'noindex')]
      : [{ tag: 'link', attributes: { rel: 'canonical', href: url } } as HeadTag]),
    property('og:type', 'website'),
    property('og:site_name', CLUB.name),
    property('og:locale', 'en_CA'),
    property('og:title', title),
    property('og:description', meta.description),
    property('og:url', url),
    property('og:image', image),
    property('og:image:width', String(SOCIAL_IMAGE.width)),
    property('og:image:height', String(SOCIAL_IMAGE.height)),
    property('og:image:alt', `${CLUB.name} logo on a basketball court`),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
  ];
}

/** Marks the tags this module manages, so a navigation can replace them all. */
const MANAGED = 'data-page-meta';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <title> and head tags as HTML, for the prerendered pages. */
export function renderHead(meta: PageMeta, path: string): string {
  const tags = headTags(meta, path).map(({ tag, attributes }) => {
    const attrs = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    return `<${tag}${attrs} ${MANAGED}>`;
  });
  return [`<title>${escapeHtml(fullTitle(meta))}</title>`, ...tags].join('\n    ');
}

/** Replaces the document's title and managed head tags. */
export function applyHead(doc: Document, meta: PageMeta, path: string): void {
  doc.title = fullTitle(meta);
  for (const el of doc.head.querySelectorAll(`[${MANAGED}]`)) el.remove();
  for (const { tag, attributes } of headTags(meta, path)) {
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
