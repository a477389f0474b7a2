/**
 * The boot script: the only script a prerendered page names, small and fetched at low priority, so nothing
 * the app needs competes with the page's HTML, CSS and images for the first paint. It starts the app (React,
 * the router, this page's chunk) once the page has painted; a screen that is not prerendered (the empty
 * shell) has nothing to paint first, so there it starts at once. Presses on the page's buttons in between
 * are kept and answered once the page has hydrated (lib/early-presses.ts).
 */
import { keepEarlyPresses } from './lib/early-presses';
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

/** Calls `then` once the browser has shown the page's first content (its paint timing entry has arrived). */
function afterFirstPaint(then: () => void): void {
  const go = () => setTimeout(then, 0);
  if (
    typeof PerformanceObserver !== 'function' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    // Without paint timing: after the next frame has been produced.
    requestAnimationFrame(() => requestAnimationFrame(go));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    go();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Asks for every chunk a prerendered page runs on (the app's and its own, named on #root by the prerender
 * step) at once: fetched and compiled in parallel, evaluated only when imported. The empty shell names them
 * in its <head> instead, since it has nothing to paint before the app.
 */
function preloadChunks(container: HTMLElement): void {
  for (const href of container.dataset.pageChunks?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Runs the app in steps, each its own task, so no single task holds the main thread for long: React DOM is
 * evaluated first, then the app, which then hydrates in slices (app/start.tsx).
 */
async function start(container: HTMLElement, hydrate: boolean): Promise<void> {
  preloadChunks(container);
  await import('./app/react-dom');
  await nextTask();
  const { startApp } = await import('./app/start');
  await nextTask();
  await startApp(container, hydrate);
}

function run(container: HTMLElement, hydrate: boolean): void {
  start(container, hydrate).catch((error: unknown) => {
    // The release this page came from is gone from the CDN: load the new one, once.
    if (!reloadForStaleChunk(error)) throw error;
  });
}

const container = document.getElementById('root')!;
if (prerenderedHere(container)) {
  keepEarlyPresses(container);
  afterFirstPaint(() => run(container, true));
} else run(container, false);
