import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { reportRenderError } from '../lib/monitoring';
import { reloadForStaleChunk } from '../lib/stale-chunk';
import { ErrorPage } from './error-page';
import { NotFound } from './not-found';

/**
 * The router's last line of defence, for a crash in the chrome itself (or an error a route loader throws):
 * the same page as the error boundary, with a way home.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    // A page's code from before a new release is gone from the CDN: load the new release instead, once.
    if (reloadForStaleChunk(error)) return;
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
