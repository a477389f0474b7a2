/** The page a rendering crash shows (spec §2 shared chrome). */
export function ErrorPage() {
  return (
    <section className="page-section narrow center status-page" aria-labelledby="error-title">
      <p className="eyebrow">Error</p>
      <h1 id="error-title">Something went wrong</h1>
      <p className="lead">Our team has been notified. Please try refreshing.</p>
      <p>
        <a className="button" href="/">
          Go to the home page
        </a>
      </p>
    </section>
  );
}
