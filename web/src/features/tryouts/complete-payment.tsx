/** The way back to checkout for a card registration that is not paid yet (spec §4), and what its status means. */
import { useState } from 'react';
import { isPayable } from '@club/shared/tryouts';
import type { MyTryout } from '@club/shared/types';
import { serverMessageOr } from '../../lib/api-client';
import { startCheckout } from './api';
import { tryoutMessages as t } from './messages';

export function CompletePayment({ tryout }: { tryout: MyTryout }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { payment_method: method, payment_status: status } = tryout;

  if (method === 'stripe' && status === 'processing') {
    return <p className="tryout-note">{t.paymentProcessing}</p>;
  }
  if (!isPayable(method, status)) return null;

  async function pay() {
    setBusy(true);
    setError('');
    try {
      const { url } = await startCheckout();
      // Stays busy: the page is leaving for the payment provider's checkout.
      window.location.assign(url);
    } catch (e) {
      setError(serverMessageOr(e, t.checkoutFailed));
      setBusy(false);
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
      <button type="button" className="button" disabled={busy} onClick={() => void pay()}>
        {busy ? t.openingCheckout : t.completePayment}
      </button>
    </div>
  );
}
