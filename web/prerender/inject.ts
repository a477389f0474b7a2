/** Puts a rendered page into the client build's index.html. */

export interface PageParts {
  html: string;
  head: string;
  /** Extra tags for <head>: the page's image preloads and its chunks' stylesheets. */
  preload: string[];
  /** The boot script's URL, which the paint-first script imports once the page has painted. */
  boot: string;
  /** The JavaScript the page runs on beyond the boot script (URLs), asked for once the page has painted. */
  pageChunks: string[];
  /** The inline paint-first script (src/paint-first.js), the page's only script. */
  script: string;
}

const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
const BOOT_SCRIPT = /[ \t]*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?/g;

/**
 * The template of a prerendered page, and the boot script's URL. Nothing the app needs may compete with the
 * page's HTML, CSS and images before the first paint, so the page names no script file and preloads no
 * module: its inline paint-first script asks for them once it has painted.
 */
export function paintFirst(template: string): { template: string; boot: string } {
  const boot = [...template.matchAll(BOOT_SCRIPT)];
  if (boot.length !== 1) {
    throw new Error('index.html must name exactly one module script, the boot script, to prerender.');
  }
  return { template: template.replace(MODULE_PRELOAD, '').replace(BOOT_SCRIPT, ''), boot: boot[0]![1]! };
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
  const attributes = `data-prerendered-path="${path}" data-boot="${page.boot}" data-page-chunks="${page.pageChunks.join(' ')}"`;
  return template
    .replace(title, () => page.head)
    .replace('</head>', () => `${page.preload.map((tag) => `  ${tag}\n`).join('')}  </head>`)
    .replace(
      root,
      () =>
        `<div id="root" ${attributes}>${page.html}</div>\n    <script type="module">${page.script}</script>`,
    );
}
