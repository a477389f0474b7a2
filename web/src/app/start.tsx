/**
 * Starts the browser app: loaded by the boot script (src/main.tsx) after the prerendered page has painted,
 * or at once on a screen that is not prerendered. Hydrates the prerendered markup when #root holds this
 * path's page; otherwise renders from scratch.
 */
import { startTransition, StrictMode } from 'react';
import { stopKeepingEarlyPresses } from '../lib/early-presses';
import { afterHydration } from '../lib/after-hydration';
import { startMonitoringAfterPaint } from '../lib/monitoring';
import { nextTask } from '../lib/next-task';
import { App, createAppRouter } from './app';
import { createRoot, hydrateRoot } from './react-dom';

export async function startApp(container: HTMLElement, hydrate: boolean): Promise<void> {
  // Another page's markup (a stale or mismatched file) goes at once; the navigation stays until React
  // replaces it, so the screen does not flash blank while this page's code loads.
  if (!hydrate) container.querySelector('main')?.replaceChildren();
  const router = await createAppRouter();
  // Keeping what was typed into a prerendered form: only a page with a form asks for it, and the form's chunk
  // has loaded it already (the router has loaded the page's module).
  const earlyValues = hydrate && container.querySelector('form') ? await import('../lib/early-values') : null;
  // The page's chunk was evaluated just now: hydrate in a task of its own.
  await nextTask();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydrate) {
    stopKeepingEarlyPresses();
    // What was typed into a prerendered form so far: the form takes it back once hydrated.
    if (earlyValues) {
      earlyValues.keepEarlyValues(container);
      afterHydration(earlyValues.stopKeepingEarlyValues);
    }
    // As a transition, hydration works in slices and lets the browser answer input in between; a press on
    // a part not yet hydrated makes React hydrate that part at once and answer it.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else createRoot(container).render(app);
  startMonitoringAfterPaint();
}
