import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { reportRenderError } from '../lib/monitoring';
import { ErrorPage } from './error-page';
import { NotFound } from './not-found';

const RELOADED_KEY = 'reloaded-for-stale-chunk';

function isStaleChunk(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/**
 * The router's last line of defence, for a crash in the chrome itself (or an error a route loader throws):
 * the same page as the error boundary, with a way home.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    // A page's code from before a new release is gone from the CDN: load the new release instead, once.
    if (isStaleChunk(error) && sessionStorage.getItem(RELOADED_KEY) !== location.pathname) {
      sessionStorage.setItem(RELOADED_KEY, location.pathname);
      location.reload();
      return;
    }
    if (!notFound) reportRenderError(error);
  }, [error, notFound]);
  return (
    <>
      <header className="site-header">
        <div className="nav-bar">
          <Link className="brand" to="/" reloadDocument>
            Home
          </Link>
        </div>
      </header>
      <main id="main">{notFound ? <NotFound /> : <ErrorPage />}</main>
    </>
  );
}
