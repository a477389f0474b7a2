/** Puts a rendered page into the client build's index.html. */

export interface PageParts {
  html: string;
  head: string;
  /** Extra tags for <head>: the page's own chunk preloads. */
  preload: string[];
}

export function injectPage(template: string, path: string, page: PageParts): string {
  const title = /<title>[^<]*<\/title>/;
  const root = '<div id="root"></div>';
  if (!title.test(template) || !template.includes(root) || !template.includes('</head>')) {
    throw new Error(
      'index.html must have a <title>, </head> and an empty <div id="root"></div> to prerender.',
    );
  }
  return template
    .replace(title, () => page.head)
    .replace('</head>', () => `${page.preload.map((tag) => `  ${tag}\n`).join('')}  </head>`)
    .replace(root, () => `<div id="root" data-prerendered-path="${path}">${page.html}</div>`);
}
