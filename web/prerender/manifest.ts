/** Reading Vite's client build manifest: which files a chunk needs before it runs. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The client build manifest has no entry chunk.');
  return key;
}

/** The chunk keys a chunk statically imports, itself included, transitively. */
export function staticChunks(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) staticChunks(manifest, imported, seen);
  return seen;
}

/** The app the boot entry (src/main.tsx) starts after the first paint: the router, the layout. */
export const APP_MODULE = 'src/app/start.tsx';

/** The account, dashboard and admin screens' route table, which the app loads when a path is theirs. */
export const ACCOUNT_ROUTES_MODULE = 'src/app/account-routes.tsx';

/** The footers' modules (src/components/page-footer.tsx loads them lazily), by the kind a page carries. */
export const FOOTER_MODULES = {
  marketing: 'src/components/footer.tsx',
  short: 'src/components/short-footer.tsx',
} as const;

/**
 * The chunks every page loads before its page chunk can run: the boot entry's and those of the modules it
 * imports lazily, which are the app's (React DOM, then the app itself), with all they import.
 */
export function appChunks(manifest: Manifest): Set<string> {
  const entry = entryKey(manifest);
  const started = manifest[entry]!.dynamicImports ?? [];
  if (!started.includes(APP_MODULE)) {
    throw new Error(`The entry chunk does not load ${APP_MODULE}: the boot script and the app have drifted.`);
  }
  const chunks = staticChunks(manifest, entry);
  for (const key of started) staticChunks(manifest, key, chunks);
  return chunks;
}

/** The JavaScript a prerendered page runs on, read from its HTML. */
export interface PageScripts {
  /** Script files: the boot script and the chunks the paint-first script asks for (all named on #root). */
  files: string[];
  /** Inline scripts' text: the paint-first script. */
  inline: string[];
}

export function prerenderedPageScripts(html: string): PageScripts {
  const root = /<div id="root"([^>]*)>/.exec(html)?.[1] ?? '';
  const named = (attribute: string) =>
    new RegExp(` ${attribute}="([^"]*)"`).exec(root)?.[1]?.split(' ').filter(Boolean) ?? [];
  return {
    files: [...named('data-boot'), ...named('data-page-chunks')].map((url) => url.replace(/^\//, '')),
    inline: [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1]!)
      .filter((text) => text.trim()),
  };
}
