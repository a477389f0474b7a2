/**
 * A page's code from before a new release can be gone from the CDN when an open tab asks for it. The browser
 * then fails the dynamic import; loading the page again gets the new release. Once per path, so a real
 * outage shows the error page instead of reloading forever.
 */
const RELOADED_KEY = 'reloaded-for-stale-chunk';

export function isStaleChunk(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** Reloads the page for a stale chunk unless this path was just reloaded for one; true when it reloads. */
export function reloadForStaleChunk(error: unknown): boolean {
  if (!isStaleChunk(error) || sessionStorage.getItem(RELOADED_KEY) === location.pathname) return false;
  sessionStorage.setItem(RELOADED_KEY, location.pathname);
  location.reload();
  return true;
}
