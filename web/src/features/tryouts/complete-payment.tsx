/**
 * The way back to checkout for a card registration that is not paid yet (spec §4), what its status means, and
 * the way out of it: paying cash on tryout day instead (the number stays).
 */
import { useState } from 'react';
import { isPayable } from '@club/shared/tryouts';
import type { MyTryout } from '@club/shared/types';
import { serverMessageOr } from '../../lib/api-client';
import { startCheckout, switchToCash } from './api';
import { tryoutMessages as t } from './messages';
import { goToCheckout } from '../../lib/open-checkout';

export function CompletePayment({
  tryout,
  athleteId,
  onChanged,
}: {
  tryout: MyTryout;
  /** An athlete of the household; the player's own registration without one. */
  athleteId?: string;
  /** The record after a change made here (switched to cash). */
  onChanged: (tryout: MyTryout) => void;
}) {
  const [busy, setBusy] = useState<'checkout' | 'cash' | null>(null);
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

  async function pay() {
    setBusy('checkout');
    setError('');
    try {
      const { url } = await startCheckout(athleteId);
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

  return (
    <div className="tryout-payment">
      <p className="tryout-note">{status === 'failed' ? t.paymentFailed : t.paymentPending}</p>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <p className="tryout-actions">
        <button type="button" className="button" disabled={busy !== null} onClick={() => void pay()}>
          {busy === 'checkout' ? t.openingCheckout : t.completePayment}
        </button>
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
