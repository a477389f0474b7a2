/**
 * The boot script. On a prerendered page the inline paint-first script (src/paint-first.js) imports it once
 * the page has painted, having already asked for every chunk the page runs on; the empty shell (screens that
 * are not prerendered: nothing to paint first) names it, and preloads the app's chunks, in its <head>. It
 * starts the app in steps, each its own task, so no single task holds the main thread for long: React DOM
 * is evaluated first, then the app, which then hydrates in slices (app/start.tsx).
 */
import { nextTask } from './lib/next-task';
import { reloadForStaleChunk } from './lib/stale-chunk';
import './styles/index.css';

/**
 * The prerendered page a file holds is named on #root; only there is the markup hydrated. Paths that are not
 * prerendered get the empty shell (shell.html); a stale or mismatched page's markup is replaced, never hydrated.
 */
function prerenderedHere(container: HTMLElement): boolean {
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : '/';
  return container.dataset.prerenderedPath === path;
}

async function start(container: HTMLElement): Promise<void> {
  await import('./app/react-dom');
  await nextTask();
  const { startApp } = await import('./app/start');
  await nextTask();
  await startApp(container, prerenderedHere(container));
}

start(document.getElementById('root')!).catch((error: unknown) => {
  // The release this page came from is gone from the CDN: load the new one, once.
  if (!reloadForStaleChunk(error)) throw error;
});
