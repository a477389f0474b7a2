import { Link } from 'react-router-dom';

/** The not-found page's content. */
export function NotFound() {
  return (
    <section className="page-section narrow center status-page" aria-labelledby="not-found-title">
      <p className="eyebrow">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="lead">We couldn’t find that page. It may have moved, or the address may be mistyped.</p>
      <ul className="button-row" aria-label="Helpful links">
        <li>
          <Link className="button" to="/">
            Go to the home page
          </Link>
        </li>
        <li>
          <Link className="button button-secondary" to="/contact">
            Contact us
          </Link>
        </li>
      </ul>
    </section>
  );
}
