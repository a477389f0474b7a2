/**
 * When the phone says the network is back (the `online` event), or the app comes back to the screen (a phone
 * woken up), the apps send what waits at once, and again a moment later: the first try can still fail while
 * the connection (or the service worker's view of it) settles, and the regular retry is ten seconds away.
 * Each try is safe to repeat (the writes are idempotent, and a send already running is not started twice).
 */
const AGAIN_AFTER_MS = [1_000, 3_000];

export function onBackOnline(send: () => void): () => void {
  const timers: number[] = [];
  const listener = () => {
    send();
    for (const ms of AGAIN_AFTER_MS) timers.push(window.setTimeout(send, ms));
  };
  const visible = () => document.visibilityState === 'visible' && listener();
  window.addEventListener('online', listener);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('online', listener);
    document.removeEventListener('visibilitychange', visible);
    timers.forEach((t) => window.clearTimeout(t));
  };
}
