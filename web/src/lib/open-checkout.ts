/**
 * The checkout page this tab last went to (issue 18), so /payment/cancelled's "Try again" goes back to that
 * checkout, still payable, instead of to the dashboard. A Checkout page stays open 60 minutes; one older than
 * 50 minutes is not offered (it may close while the family types), and the dashboard's Complete payment makes
 * a fresh one.
 */
const KEY = 'open-checkout';
const RESUMABLE_MS = 50 * 60 * 1000;

/** Goes to a checkout page, remembering it for "Try again". */
export function goToCheckout(url: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ url, at: now }));
  } catch {
    // Storage refused: "Try again" leads to the dashboard.
  }
  window.location.assign(url);
}

/** The checkout page to go back to, or null when there is none young enough. */
export function resumableCheckout(now = Date.now()): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { url?: unknown; at?: unknown } | null;
    if (!saved || typeof saved.url !== 'string' || typeof saved.at !== 'number') return null;
    if (!/^https?:\/\//.test(saved.url)) return null;
    return now - saved.at <= RESUMABLE_MS ? saved.url : null;
  } catch {
    return null;
  }
}
