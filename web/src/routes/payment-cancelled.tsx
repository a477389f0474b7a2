import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCad, isPayable } from '@club/shared/tryouts';
import { callApi } from '../lib/api-client';
import { resumableCheckout } from '../lib/open-checkout';
import type { PageMeta } from '../lib/page-meta';
import { useSession } from '../lib/session-context';

export const meta: PageMeta = {
  title: 'Payment Cancelled',
  description: 'Your payment was cancelled and you were not charged.',
  noindex: true,
};

/** What the family left unpaid: whose registrations, and how much in all. */
interface NotCharged {
  /** First names, the signed-in player's own registration as null ("your"). */
  names: (string | null)[];
  cents: number;
}

/** "Mina", "Mina and Leo", "Mina, Leo and Ava". */
function listNames(names: string[]): string {
  return new Intl.ListFormat('en-CA', { type: 'conjunction' }).format(names).replace(/, and /, ' and ');
}

/** "Not charged: Amara’s and Zola’s tryout registrations, $85.00 in all." The player's own reads "your". */
function notChargedText({ names, cents }: NotCharged): string {
  const whose = listNames(names.map((name) => (name ? `${name}’s` : 'your')));
  return names.length === 1
    ? `Not charged: ${whose} tryout registration, ${formatCad(cents)}.`
    : `Not charged: ${whose} tryout registrations, ${formatCad(cents)} in all.`;
}

/**
 * The signed-in family's card registrations still to pay (issue 42: the parent reads whose and how much was
 * not charged), read once the session is known; null while unknown, signed out, or nothing to pay.
 */
function useNotCharged(): NotCharged | null {
  const { user, ready } = useSession();
  const [what, setWhat] = useState<NotCharged | null>(null);
  const userId = ready && user && !user.is_admin ? user.id : null;
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void Promise.all([callApi('getHousehold'), callApi('getHouseholdTryouts')])
      .then(([household, tryouts]) => {
        const unpaid = tryouts.filter(
          (t) =>
            !t.withdrawn &&
            !t.support_answer_pending &&
            isPayable(t.payment_method, t.payment_status) &&
            (t.amount_due_cents ?? 0) > 0,
        );
        if (!current || !unpaid.length) return;
        setWhat({
          // The player's own first ("your"), then each child by first name.
          names: [
            ...(unpaid.some((t) => t.athlete_id === userId) ? [null] : []),
            ...household.athletes
              .filter((a) => a.id !== userId && unpaid.some((t) => t.athlete_id === a.id))
              .map((a) => a.first_name),
          ],
          cents: unpaid.reduce((sum, t) => sum + (t.amount_due_cents ?? 0), 0),
        });
      })
      // The page's own words stand without the detail.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [userId]);
  return what;
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
      {notCharged ? <p className="cancelled-detail">{notChargedText(notCharged)}</p> : null}
    </section>
  );
}
