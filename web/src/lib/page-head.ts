/**
 * A prerendered page's <head> tags (prerender step only): the title and search tags the app also keeps up to
 * date (page-meta.ts), and the social preview tags link previews are made from. Those are read from the HTML
 * a URL serves, so the browser's app never builds them and its JavaScript does not carry them.
 */
import { CLUB } from '../content/club';
import { fullTitle, type HeadTag, MANAGED, named, type PageMeta, searchTags } from './page-meta';

export const SOCIAL_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;

/** Open Graph and Twitter card tags of a page at `path`. */
export function socialTags(meta: PageMeta, path: string): HeadTag[] {
  const url = `${CLUB.siteOrigin}${path}`;
  const image = `${CLUB.siteOrigin}${SOCIAL_IMAGE.path}`;
  const title = fullTitle(meta);
  const property = (prop: string, content: string): HeadTag => ({
    tag: 'meta',
    attributes: { property: prop, content },
  });
  return [
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

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <title> and head tags as HTML, for the prerendered pages. */
export function renderHead(meta: PageMeta, path: string): string {
  const tags = [...searchTags(meta, path), ...socialTags(meta, path)].map(({ tag, attributes }) => {
    const attrs = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    return `<${tag}${attrs} ${MANAGED}>`;
  });
  return [`<title>${escapeHtml(fullTitle(meta))}</title>`, ...tags].join('\n    ');
}
