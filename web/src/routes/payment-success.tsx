import { Link } from 'react-router-dom';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Payment Successful',
  description: 'Your tryout registration payment went through.',
  noindex: true,
};

/** The return page after a card payment (spec §2 payment routes). */
export default function PaymentSuccessPage() {
  return (
    <section className="page-section narrow center status-page" aria-labelledby="paid-title">
      <p className="status-icon success" aria-hidden="true">
        ✓
      </p>
      <h1 id="paid-title">Payment Successful!</h1>
      <p className="lead">
        Thank you. Your tryout registration is paid. Your dashboard shows your tryout number and payment
        status.
      </p>
      <p>
        <Link className="button button-large" to="/dashboard">
          Go to your dashboard
        </Link>
      </p>
    </section>
  );
}
