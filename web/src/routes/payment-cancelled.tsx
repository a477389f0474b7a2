import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { resumableCheckout } from '../lib/open-checkout';
import type { PageMeta } from '../lib/page-meta';
import { useSession } from '../lib/session-context';

export const meta: PageMeta = {
  title: 'Payment Cancelled',
  description: 'Your payment was cancelled and you were not charged.',
  noindex: true,
};

/**
 * The signed-in family's card registrations still to pay (issue 42: the parent reads whose and how much was
 * not charged), read once the session is known; null while unknown, signed out, or nothing to pay.
 */
function useNotCharged(): string | null {
  const { user, ready } = useSession();
  const [line, setLine] = useState<string | null>(null);
  const userId = ready && user && !user.is_admin ? user.id : null;
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void import('../lib/not-charged')
      .then(({ notChargedLine }) => notChargedLine(userId))
      .then((text) => {
        if (current) setLine(text);
      })
      // The page's own words stand without the detail.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [userId]);
  return line;
}

/** The return page when a card payment is abandoned (spec §2 payment routes). */
export default function PaymentCancelledPage() {
  const notCharged = useNotCharged();
  return (
    <section className="page-section narrow center status-page" aria-labelledby="cancelled-title">
      <h1 id="cancelled-title">Payment Cancelled</h1>
      <p className="lead">You were not charged. You can try again at any time.</p>
      <p>Your registration is saved. Choose Complete payment on your dashboard whenever you are ready.</p>
      <ul className="button-row" aria-label="Next steps">
        <li>
          {/* Back to the checkout this tab left while it is still payable; else the dashboard's Complete
              payment (spec §4), which makes a fresh one. */}
          <Link
            className="button"
            to="/dashboard"
            onClick={(event) => {
              const url = resumableCheckout();
              if (!url) return;
              event.preventDefault();
              window.location.assign(url);
            }}
          >
            Try again
          </Link>
        </li>
        <li>
          <Link className="button button-secondary" to="/tryout-information">
            Tryout information
          </Link>
        </li>
      </ul>
      {/* Below the buttons, so the detail arriving after the page has painted moves nothing. */}
      {notCharged ? <p className="cancelled-detail">{notCharged}</p> : null}
    </section>
  );
}
