import { Link } from 'react-router-dom';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Payment Cancelled',
  description: 'Your payment was cancelled and you were not charged.',
  noindex: true,
};

/** The return page when a card payment is abandoned (spec §2 payment routes). */
export function PaymentCancelledPage() {
  return (
    <section className="page-section narrow center status-page" aria-labelledby="cancelled-title">
      <h1 id="cancelled-title">Payment Cancelled</h1>
      <p className="lead">You were not charged. You can try again at any time.</p>
      <ul className="button-row" aria-label="Next steps">
        <li>
          <Link className="button" to="/tryout">
            Try again
          </Link>
        </li>
        <li>
          <Link className="button button-secondary" to="/dashboard">
            Go to your dashboard
          </Link>
        </li>
      </ul>
    </section>
  );
}
