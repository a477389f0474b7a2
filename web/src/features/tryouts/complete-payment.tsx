/**
 * The way back to checkout for a card registration that is not paid yet (spec §4), what its status means, and
 * the way out of it: paying cash on tryout day instead (the number stays).
 */
import { useState } from 'react';
import { formatCad, isPayable } from '@club/shared/tryouts';
import type { MyTryout } from '@club/shared/types';
import { serverMessageOr } from '../../lib/api-client';
import { startCheckout, startFamilyCheckout, switchToCash } from './api';
import { listNames, tryoutMessages as t } from './messages';
import { goToCheckout } from '../../lib/open-checkout';

/** The household's unpaid card registrations, when there are several: paid together on one checkout. */
export interface FamilyToPay {
  /** The first names of every athlete still to pay, this one included. */
  names: string[];
  totalCents: number;
  /** This athlete's first name, for paying for them alone. */
  self: string;
}

export function CompletePayment({
  tryout,
  athleteId,
  family,
  onChanged,
}: {
  tryout: MyTryout;
  /** An athlete of the household; the player's own registration without one. */
  athleteId?: string;
  /**
   * Others of the household are unpaid too (issue 36): "Complete payment" pays them all on ONE checkout, and
   * paying for this athlete alone stays one tap away.
   */
  family?: FamilyToPay | undefined;
  /** The record after a change made here (switched to cash). */
  onChanged: (tryout: MyTryout) => void;
}) {
  const [busy, setBusy] = useState<'checkout' | 'alone' | 'cash' | null>(null);
  const [error, setError] = useState('');
  const [switched, setSwitched] = useState(false);
  const { payment_method: method, payment_status: status } = tryout;

  if (switched && method === 'cash') {
    return (
      <p role="status" className="form-success tryout-note">
        {t.switchedToCash}
      </p>
    );
  }
  if (method === 'stripe' && status === 'processing') {
    return <p className="tryout-note">{t.paymentProcessing}</p>;
  }
  if (!isPayable(method, status)) return null;

  async function pay(together: boolean) {
    setBusy(together || !family ? 'checkout' : 'alone');
    setError('');
    try {
      const { url } = together ? await startFamilyCheckout() : await startCheckout(athleteId);
      // Stays busy: the page is leaving for the payment provider's checkout.
      goToCheckout(url);
    } catch (e) {
      setError(serverMessageOr(e, t.checkoutFailed));
      setBusy(null);
    }
  }

  async function payCash() {
    setBusy('cash');
    setError('');
    try {
      const next = await switchToCash(athleteId);
      setSwitched(true);
      onChanged(next);
    } catch (e) {
      setError(serverMessageOr(e, t.switchToCashFailed));
    } finally {
      setBusy(null);
    }
  }

  // Asked about financial support (issue 42): the card waits for the club's answer; cash is open now.
  const waiting = tryout.support_answer_pending === true;
  return (
    <div className="tryout-payment">
      {waiting ? (
        <div className="tryout-support-wait" role="status">
          <h3>{t.supportWaitTitle}</h3>
          <p>{t.supportWaitText}</p>
        </div>
      ) : (
        <p className="tryout-note">{status === 'failed' ? t.paymentFailed : t.paymentPending}</p>
      )}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <p className="tryout-actions">
        {waiting ? null : (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => void pay(Boolean(family))}
          >
            {busy === 'checkout'
              ? t.openingCheckout
              : family
                ? t.completeFamilyPayment(listNames(family.names), formatCad(family.totalCents))
                : t.completePayment}
          </button>
        )}
        {family && !waiting ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy !== null}
            onClick={() => void pay(false)}
          >
            {busy === 'alone' ? t.openingCheckout : t.payAlone(family.self)}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          disabled={busy !== null}
          onClick={() => void payCash()}
        >
          {busy === 'cash' ? t.switchingToCash : t.payCashInstead}
        </button>
      </p>
    </div>
  );
}
