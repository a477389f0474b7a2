/**
 * A team fee paid in instalments (issue 46 §1), as the family reads it on the offer and the dashboard: each
 * instalment (n of N) with its amount, its date in Edmonton time and where it stands: paid, to be charged on
 * its date, or declined with the reason in the family's words and "Pay now" (a Checkout page for that
 * instalment alone, POST /offers/{offerId}/instalments/{n}/checkout).
 */
import { useState } from 'react';
import type { InstalmentView } from '@club/shared/instalments';
import { callApi, serverMessageOr } from '../../lib/api-client';
import { goToCheckout } from '../../lib/open-checkout';
import { instalmentDay, teamFeeMessages as t } from './team-fee-messages';
import './instalment-plan.css';

/** The plan, one line an instalment; `payable` says whether a declined one may be paid from here. */
export function InstalmentPlan({
  offerId,
  instalments,
  payable,
  label,
}: {
  offerId: string;
  instalments: InstalmentView[];
  /** Declined instalments get "Pay now" (an accepted offer's plan; never an offer still to answer). */
  payable: boolean;
  label: string;
}) {
  return (
    <ol className="instalment-plan" aria-label={label}>
      {instalments.map((instalment) => (
        <InstalmentLine
          key={instalment.n}
          offerId={offerId}
          instalment={instalment}
          total={instalments.length}
          payable={payable}
        />
      ))}
    </ol>
  );
}

function InstalmentLine({
  offerId,
  instalment,
  total,
  payable,
}: {
  offerId: string;
  instalment: InstalmentView;
  total: number;
  payable: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { n, state } = instalment;

  async function payNow() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { url } = await callApi('startInstalmentCheckout', {
        params: { offerId, n: String(n) },
        body: {},
      });
      goToCheckout(url);
    } catch (err) {
      setError(serverMessageOr(err, t.payFailed));
      setBusy(false);
    }
  }

  return (
    <li className={`instalment instalment-${state}`}>
      <span className="instalment-name">{t.instalmentOf(n, total)}</span>
      <span className="instalment-amount">{t.instalmentAmount(instalment.amount_cents)}</span>
      {instalment.due_date ? (
        <span className="instalment-when">{t.dueOn(instalmentDay(instalment.due_date))}</span>
      ) : state === 'due' ? (
        // The first, before it is paid: the family pays it once they accept.
        <span className="instalment-when">{t.dueOnAcceptance}</span>
      ) : null}
      <span className={`instalment-state instalment-state-${state}`}>{t.instalmentState(instalment)}</span>
      {state === 'declined' && payable ? (
        <span className="instalment-pay">
          <button
            type="button"
            className="button button-small"
            aria-disabled={busy || undefined}
            onClick={() => void payNow()}
          >
            {busy ? t.opening : t.payNow}
            <span className="visually-hidden"> {t.instalmentOf(n, total)}</span>
          </button>
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="form-error instalment-error">
          {error}
        </span>
      ) : null}
    </li>
  );
}
