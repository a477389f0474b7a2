/**
 * The last step of `npm run build` (issue 37): the tryout-night apps' service worker, written by Workbox
 * (workbox-build, the standard generator) once the pages exist. It precaches the SPA shell and the built
 * scripts and styles, and answers a navigation to /checkin or /evaluate from the cache when the network does
 * not, so a helper's phone opens the app in a gym with no Wi-Fi. Only those two pages register it (their
 * scopes): no public page is controlled by it, and their bytes do not change.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';
import { SPA_SHELL_FILE } from '@club/shared/prerendered-paths';
import { TRYOUT_NIGHT_SW } from '../src/features/tryout-night/pwa-facts';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: [SPA_SHELL_FILE, 'assets/**/*.{js,css,woff2}', '*.{svg,png}', '*.webmanifest'],
  // Source maps and the prerendered public pages are not the apps'.
  globIgnores: ['**/*.map', '.ssr/**'],
  swDest: join(dist, TRYOUT_NIGHT_SW.slice(1)),
  navigateFallback: `/${SPA_SHELL_FILE}`,
  navigateFallbackAllowlist: [/^\/(checkin|evaluate)(\/|$|\?)/],
  // The API is never cached: the apps keep their own data on the device (device-store.ts). The worker makes
  // the calls itself rather than letting them pass, so every request of the apps leaves from one place.
  navigateFallbackDenylist: [/^\/api\//],
  runtimeCaching: (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({
    urlPattern: ({ url }: { url: URL }) => url.pathname.startsWith('/api/'),
    handler: 'NetworkOnly' as const,
    method,
  })),
  // Hashed file names change with their content: a new build's files are fetched, the old ones dropped.
  dontCacheBustURLsMatching: /^assets\//,
  cleanupOutdatedCaches: true,
  // The page that registered it is controlled at once, so its first visit already works offline next time.
  clientsClaim: true,
  skipWaiting: true,
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: 'production',
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
});
for (const warning of warnings) console.warn(warning);
process.stdout.write(`service worker: ${count} files precached (${Math.round(size / 1024)} KiB)\n`);
