/**
 * Makes /checkin or /evaluate an installable app that opens offline (issue 37): links the page's manifest and
 * registers the service worker for that page's scope. Only these two pages call it, so public pages are never
 * controlled by a service worker. Where the browser has none (or in development, where no worker is built)
 * the app still works online and keeps its data on the device.
 */
import { APP_MANIFESTS, TRYOUT_NIGHT_SW } from './pwa-facts';

export function installTryoutNightApp(app: keyof typeof APP_MANIFESTS): void {
  if (!document.querySelector(`link[rel="manifest"][href="${APP_MANIFESTS[app]}"]`)) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = APP_MANIFESTS[app];
    document.head.append(link);
  }
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.register(TRYOUT_NIGHT_SW, { scope: `/${app}` }).catch(() => undefined);
}
