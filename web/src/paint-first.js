/**
 * The one script a prerendered page holds, inline (the prerender step puts it there, and the site's CSP names
 * its SHA-256, so no other inline script can run). An external script, however small or late, is a request
 * the page's first paint shares the connection with; this one is not. It does two things:
 * - keeps presses on the page's buttons (the menus, the phone's menu button, a form's submit button) until the
 *   app has hydrated the page, for the app to replay (src/lib/early-presses.ts), and holds a form's submission
 *   meanwhile; links work without scripts anyway;
 * - once the page has painted (its first-contentful-paint entry), asks for every chunk the page runs on at
 *   once (named on #root by the prerender step) and imports the boot script (src/main.tsx), which starts
 *   the app; and asks for the active season, which every page's navigation shows, while the app loads rather
 *   than after it has run (src/lib/season-events.ts takes this answer; a test holds the path to the route's).
 * The page carries it minified (prerender/paint-first.ts). Plain JavaScript, kept small: any change changes its
 * hash, which CONTENT_SECURITY_POLICY must then name (a test says so).
 */
const root = document.getElementById('root');
const presses = [];
const keep = (event) => {
  const button = event.target.closest('button');
  if (!button || !root.contains(button)) return;
  if (event.type === 'click') presses.push({ target: button });
  else if (/^(Arrow(Up|Down)|Home|End|Escape)$/.test(event.key) && button.matches('[aria-expanded]')) {
    event.preventDefault();
    presses.push({ target: button, key: event.key });
  }
};
// A form sent before the app runs would go to the server as a plain request (the account pages' forms):
// held instead, and its button's kept click sends it once the app has hydrated.
const hold = (event) => event.preventDefault();
root.addEventListener('click', keep, true);
root.addEventListener('keydown', keep, true);
root.addEventListener('submit', hold, true);
window.clubEarlyPresses = {
  presses,
  stop: () => {
    ['click', 'keydown'].forEach((type) => root.removeEventListener(type, keep, true));
    root.removeEventListener('submit', hold, true);
  },
};

const load = () =>
  setTimeout(() => {
    for (const href of root.dataset.pageChunks.split(' ')) {
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    }
    import(root.dataset.boot);
    window.clubActiveSeason = fetch('/api/seasons/active');
  });
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
} else requestAnimationFrame(() => requestAnimationFrame(load));
