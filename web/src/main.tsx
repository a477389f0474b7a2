import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { startMonitoringAfterPaint } from './lib/monitoring';
import './styles/index.css';

/**
 * The prerendered page a file holds is named on #root; only there is the markup hydrated. Paths that are not
 * prerendered get the empty shell (shell.html); a stale or mismatched page's markup is replaced, never hydrated.
 */
function prerenderedHere(container: HTMLElement): boolean {
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : '/';
  return container.dataset.prerenderedPath === path;
}

/** Resolves once the browser has painted the page it has (a frame, then a task after it). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const hydrate = prerenderedHere(container);
  // The prerendered page is complete: let the browser paint it before hydration takes the main thread.
  if (hydrate) await afterPaint();
  // Another page's content (the home page in the shell) goes at once; the navigation stays until React
  // replaces it, so the screen does not flash blank while this page's code loads.
  if (!hydrate) container.querySelector('main')?.replaceChildren();
  const router = await createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
  startMonitoringAfterPaint();
}

void start();
