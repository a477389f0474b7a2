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
      <p>Your registration is saved. Choose Complete payment on your dashboard whenever you are ready.</p>
      <ul className="button-row" aria-label="Next steps">
        <li>
          {/* A card registration's unpaid payment is completed from the dashboard (spec §4). */}
          <Link className="button" to="/dashboard">
            Try again
          </Link>
        </li>
        <li>
          <Link className="button button-secondary" to="/tryout-information">
            Tryout information
          </Link>
        </li>
      </ul>
    </section>
  );
}
