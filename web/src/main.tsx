import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { startMonitoringAfterPaint } from './lib/monitoring';
import './styles/index.css';

/**
 * The prerendered page a file holds is named on #root. /index.html doubles as the shell for every path that is
 * not prerendered (account screens, unknown paths) and holds the home page; there the markup belongs to another
 * page, so it is replaced rather than hydrated.
 */
function prerenderedHere(container: HTMLElement): boolean {
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : '/';
  return container.dataset.prerenderedPath === path;
}

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const router = await createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (prerenderedHere(container)) hydrateRoot(container, app);
  else createRoot(container).render(app);
  startMonitoringAfterPaint();
}

void start();
