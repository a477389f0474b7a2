/** Puts a rendered page into the client build's index.html. */

export interface PageParts {
  html: string;
  head: string;
  /** Extra tags for <head>: the page's image preloads and its chunks' stylesheets. */
  preload: string[];
  /** The JavaScript the page runs on beyond the boot script (URLs), asked for once the page has painted. */
  pageChunks: string[];
}

const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
const BOOT_SCRIPT = /<script type="module"(?= crossorigin src="\/assets\/[^"]+\.js"><\/script>)/g;

/**
 * The template of a prerendered page: nothing the app needs may compete with the page's HTML, CSS and
 * images before the first paint, so the boot script is fetched at low priority (it is a module script, so it
 * never blocks rendering) and no module is preloaded; the boot script asks for the app after the paint.
 */
export function paintFirst(template: string): string {
  if ((template.match(BOOT_SCRIPT) ?? []).length !== 1) {
    throw new Error('index.html must name exactly one module script, the boot script, to prerender.');
  }
  return template
    .replace(MODULE_PRELOAD, '')
    .replace(BOOT_SCRIPT, '<script type="module" fetchpriority="low"');
}

/** The empty shell's template with the app's chunks preloaded: there is nothing to paint before the app runs. */
export function withModulePreloads(template: string, files: string[]): string {
  const tags = files
    .filter((file) => !template.includes(`href="/${file}"`) && !template.includes(`src="/${file}"`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`);
  return template.replace('</head>', () => `${tags.join('')}  </head>`);
}

export function injectPage(template: string, path: string, page: PageParts): string {
  const title = /<title>[^<]*<\/title>/;
  const root = '<div id="root"></div>';
  if (!title.test(template) || !template.includes(root) || !template.includes('</head>')) {
    throw new Error(
      'index.html must have a <title>, </head> and an empty <div id="root"></div> to prerender.',
    );
  }
  const chunks = page.pageChunks.length ? ` data-page-chunks="${page.pageChunks.join(' ')}"` : '';
  return template
    .replace(title, () => page.head)
    .replace('</head>', () => `${page.preload.map((tag) => `  ${tag}\n`).join('')}  </head>`)
    .replace(root, () => `<div id="root" data-prerendered-path="${path}"${chunks}>${page.html}</div>`);
}
