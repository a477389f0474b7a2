/**
 * The last step of `npm run build`: writes every public page's HTML (PRERENDERED_PATHS) with its content,
 * title, description and social preview tags already in it, so visitors and crawlers see the page before any
 * script runs. The browser app then hydrates it. Also writes sitemap.xml and robots.txt.
 *
 * Reads dist/index.html (the client build's page, with its hashed script and style links) as the template and
 * dist/.ssr/entry-server.js (the SSR build of src/entry-server.tsx), which it deletes when done.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PRERENDERED_PATHS, SPA_SHELL_FILE, prerenderedFile } from '@club/shared/prerendered-paths';
import type * as EntryServer from '../src/entry-server';
import { injectPage, paintFirst, withModulePreloads } from './inject';
import {
  ACCOUNT_ROUTES_MODULE,
  appChunks,
  entryKey,
  FOOTER_MODULES,
  readManifest,
  staticChunks,
} from './manifest';
import { paintFirstScript } from './paint-first';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const ssrDir = join(dist, '.ssr');

async function main(): Promise<void> {
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = readManifest(dist);
  const app = appChunks(manifest);
  // The account routes' table, which the app loads before it starts on one of their paths.
  if (!manifest[ACCOUNT_ROUTES_MODULE]?.isDynamicEntry) {
    throw new Error(`${ACCOUNT_ROUTES_MODULE} is not a lazily loaded chunk of the client build.`);
  }
  const accountTable = staticChunks(manifest, ACCOUNT_ROUTES_MODULE);
  for (const key of Object.values(FOOTER_MODULES)) {
    if (!manifest[key]?.isDynamicEntry)
      throw new Error(`${key} is not a lazily loaded chunk of the client build.`);
  }
  // Written before index.html becomes the home page: screens that are not prerendered (the account and admin
  // screens) start from an empty root, so the app and the account routes' table are their first paint and
  // their chunks are asked for at once.
  writeFileSync(
    join(dist, SPA_SHELL_FILE),
    withModulePreloads(
      template,
      // The account screens carry the short footer.
      [...new Set([...app, ...accountTable, ...staticChunks(manifest, FOOTER_MODULES.short)])].map(
        (key) => manifest[key]!.file,
      ),
    ).replace('</head>', '  <meta name="robots" content="noindex" data-page-meta />\n  </head>'),
  );
  const { template: pageTemplate, boot: bootUrl } = paintFirst(template);
  const script = paintFirstScript();
  const { render, siteOrigin, pageModule } = (await import(
    pathToFileURL(join(ssrDir, 'entry-server.js')).href
  )) as typeof EntryServer;

  const boot = staticChunks(manifest, entryKey(manifest));
  /**
   * The chunks a page runs on beyond the boot script's: the app's, the account routes' table on their pages,
   * the footer it carries, then the page's own (which the app loads before hydrating), for the paint-first script to ask for after the first paint; and the page's
   * stylesheets.
   */
  const pageAssets = (
    routeIds: string[],
    accountPage: boolean,
    footer: keyof typeof FOOTER_MODULES | null,
  ) => {
    const chunks = new Set([...app].filter((key) => !boot.has(key)));
    if (accountPage) for (const chunk of accountTable) if (!boot.has(chunk)) chunks.add(chunk);
    if (footer)
      for (const chunk of staticChunks(manifest, FOOTER_MODULES[footer]))
        if (!boot.has(chunk)) chunks.add(chunk);
    for (const id of routeIds) {
      const key = `src/routes/${pageModule(id)}.tsx`;
      if (!manifest[key]?.isDynamicEntry) {
        throw new Error(
          `Route "${id}" names ${key}, which is not a lazily loaded chunk of the client build.`,
        );
      }
      for (const chunk of staticChunks(manifest, key)) if (!boot.has(chunk)) chunks.add(chunk);
    }
    return {
      pageChunks: [...chunks].map((key) => `/${manifest[key]!.file}`),
      // The page's CSS is part of its first paint.
      stylesheets: [...chunks].flatMap((key) =>
        (manifest[key]!.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ),
    };
  };

  const indexable: string[] = [];
  for (const path of PRERENDERED_PATHS) {
    const page = await render(path);
    if (page.status !== 200) throw new Error(`Prerendering ${path} answered ${page.status}.`);
    const file = join(dist, prerenderedFile(path));
    mkdirSync(dirname(file), { recursive: true });
    const { pageChunks, stylesheets } = pageAssets(page.routeIds, page.accountPage, page.footer);
    writeFileSync(
      file,
      injectPage(pageTemplate, path, {
        ...page,
        preload: [...page.hints, ...stylesheets],
        boot: bootUrl,
        pageChunks,
        script,
      }),
    );
    if (!page.noindex) indexable.push(path);
  }

  writeFileSync(
    join(dist, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${indexable
      .map((path) => `  <url><loc>${siteOrigin}${path}</loc></url>`)
      .join('\n')}\n</urlset>\n`,
  );
  writeFileSync(
    join(dist, 'robots.txt'),
    `User-agent: *\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /payment/\nAllow: /tryout-information\nDisallow: /tryout\n\nSitemap: ${siteOrigin}/sitemap.xml\n`,
  );
  process.stdout.write(`Prerendered ${PRERENDERED_PATHS.length} pages into ${dist}\n`);
}

try {
  await main();
} finally {
  // The renderer is a build tool, never part of the site that is deployed.
  rmSync(ssrDir, { recursive: true, force: true });
}
