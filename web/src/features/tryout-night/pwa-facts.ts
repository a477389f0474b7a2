/** Where the tryout-night apps' service worker and manifests are served (issue 37). */
export const TRYOUT_NIGHT_SW = '/tryout-night-sw.js';

export const APP_MANIFESTS = {
  checkin: '/checkin.webmanifest',
  evaluate: '/evaluate.webmanifest',
} as const;
