import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';
const webDir = dirname(fileURLToPath(import.meta.url));
/** The boot script every page names, and the app it starts after the first paint (src/main.tsx). */
const BOOT_MODULE = resolve(webDir, 'src/main.tsx');
const APP_MODULE = resolve(webDir, 'src/app/start.tsx');
/** React DOM's client, which the boot script evaluates in a task of its own before the app. */
const REACT_DOM_MODULE = resolve(webDir, 'src/app/react-dom.ts');
const REACT_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/** The modules `from` imports statically, itself included. */
function staticGraph(context: Rolldown.ChunkingContext, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of context.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(from);
  return seen;
}

/**
 * Everything the app needs before it can run goes into two chunks, React's (the biggest, evaluated first, in
 * a task of its own) and the app's (the router, the layout, the shared modules the lazy screens also use): a
 * few requests after the first paint instead of a dozen small ones, and less to download, since small files
 * compress badly. What the boot script itself uses stays in the boot chunk, which the app imports from.
 */
function appChunk(): {
  plugin: Plugin;
  group: Rolldown.CodeSplittingGroup;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  let appOnly: Set<string> | undefined;
  let bundle: Rolldown.OutputBundle | undefined;
  /** The files a chunk imports statically, itself included: all loaded before any of its code runs. */
  const loadedWith = (file: string, seen = new Set<string>()): Set<string> => {
    const chunk = bundle?.[file];
    if (seen.has(file) || chunk?.type !== 'chunk') return seen;
    seen.add(file);
    for (const imported of chunk.imports) loadedWith(imported, seen);
    return seen;
  };
  return {
    plugin: {
      name: 'club:app-chunk',
      buildStart: () => void (appOnly = bundle = undefined),
      // Runs before Vite writes the preload lists (its import analysis comes last).
      generateBundle: (_options, output) => void (bundle = output),
    },
    resolveDependencies: (file, deps, { hostId }) => {
      // The boot script's imports need no list: a prerendered page's paint-first script has asked for those
      // chunks already (named on #root), and the empty shell names them in its <head>.
      if (bundle?.[hostId]?.type === 'chunk' && bundle[hostId].isEntry) return [];
      // A lazy screen's list need not name what the chunk importing it has loaded already, nor the screen's
      // own chunk, which import() asks for at once, unless a stylesheet is waited for first (then the list
      // asks for the chunk meanwhile).
      const loaded = loadedWith(hostId);
      const waitsOnCss = [...loadedWith(file)].some((dep) => {
        const chunk = bundle?.[dep];
        return !loaded.has(dep) && chunk?.type === 'chunk' && Boolean(chunk.viteMetadata?.importedCss.size);
      });
      return deps.filter((dep) => !loaded.has(dep) && (waitsOnCss || dep !== file));
    },
    group: {
      debugName: 'react and app',
      name: (id, context) => {
        if (!appOnly) {
          const boot = staticGraph(context, BOOT_MODULE);
          appOnly = new Set([...staticGraph(context, APP_MODULE)].filter((module) => !boot.has(module)));
        }
        if (!appOnly.has(id)) return null;
        return id === REACT_DOM_MODULE || REACT_PACKAGES.test(id) ? 'react' : 'start';
      },
      // The group is the app's whole static graph already, minus what the boot chunk holds.
      includeDependenciesRecursively: false,
    },
  };
}

export default defineConfig(({ isSsrBuild }) => {
  const app = appChunk();
  return {
    plugins: [react(), app.plugin],
    server: {
      port: Number(process.env.SITE_PORT ?? 5173),
      strictPort: true,
      // Same origin as in production: the SPA calls /api and Vite hands it to the local API server.
      proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
    },
    build: isSsrBuild
      ? // The prerender step's renderer (npm run build): written to dist/.ssr, read once, then deleted.
        { outDir: 'dist/.ssr', copyPublicDir: false, assetsInlineLimit: 0, sourcemap: false }
      : {
          manifest: true,
          sourcemap: true,
          // No polyfill: every browser the site supports preloads modules itself (Safari since 17), and one
          // that does not just loads them when asked, a little later.
          modulePreload: { polyfill: false, resolveDependencies: app.resolveDependencies },
          // Images are files with hashed names, cached for a year, never base64 inside the JavaScript.
          assetsInlineLimit: 0,
          rolldownOptions: {
            // Rolldown would otherwise fold modules that only lazy screens share (the form schemas and valibot)
            // into the entry chunk, growing every public page's first JavaScript.
            experimental: { chunkOptimization: { mergeCommonChunks: false } },
            output: { codeSplitting: { groups: [app.group] } },
          },
        },
  };
});
