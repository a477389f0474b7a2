/**
 * The fee of an unpaid registration, in Player Details (issue 36): what a family that asked about financial
 * support pays, set by the club down to $0.00 before anything is paid. The server closes a card checkout at
 * the old price, audits the change and mails the family; its refusal (paid meanwhile) is shown as it comes.
 * A card held for the club's answer (issue 42) is answered here too: a lower fee, or the fee kept as it is.
 */
import { useId, useState, type FormEvent } from 'react';
import { fieldMessages } from '@club/shared/messages';
import { centsToDollars, dollarsToCents } from '@club/shared/tryouts';
import type { AdminTryoutRow } from '@club/shared/types';
import { TextField } from '../../components/form-field';
import type { Notify } from '../../components/toast';
import { callApi, serverMessageOr } from '../../lib/api-client';
import { adminMessages as t } from './messages';

/** Nothing paid yet: cash not collected, or a card payment pending or failed; not withdrawn. */
export function feeCanChange(row: AdminTryoutRow): boolean {
  if (row.withdrawn) return false;
  return row.payment_method === 'cash'
    ? row.payment_status === 'cash'
    : row.payment_status === 'pending' || row.payment_status === 'failed';
}

export function FeePanel({
  row,
  notify,
  onChanged,
}: {
  row: AdminTryoutRow;
  notify: Notify;
  onChanged: (row: AdminTryoutRow) => void;
}) {
  const id = useId();
  const [amount, setAmount] = useState(() => centsToDollars(row.amount_due_cents));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const waiting = row.support_answer_pending === true;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const cents = dollarsToCents(amount);
    if (cents === null || cents < 0) {
      setError(fieldMessages.feeSetInvalid);
      return;
    }
    await answer(cents);
  }

  async function answer(cents: number) {
    if (busy) return;
    setError(undefined);
    setBusy(true);
    try {
      const next = await callApi('setTryoutFee', { params: { id: row.id }, body: { amount_cents: cents } });
      onChanged(next);
      notify.success(t.feeSetDone(`${row.first_name} ${row.last_name}`, `$${centsToDollars(cents)}`));
    } catch (e) {
      setError(serverMessageOr(e, t.feeSetFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-detail-group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t.feeTitle}</h3>
      <p className="form-note">
        {waiting ? t.feeSupportWaiting : row.financial_support_requested ? t.feeSupportAsked : t.feeNote}
      </p>
      <form className="admin-refund-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          id={`${id}-amount`}
          label={t.feeLabel}
          inputMode="decimal"
          value={amount}
          error={error}
          onValueChange={setAmount}
        />
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t.saving : t.setFee}
        </button>
        {waiting ? (
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={busy || undefined}
            onClick={() => void answer(row.amount_due_cents)}
          >
            {t.keepFee(`$${centsToDollars(row.amount_due_cents)}`)}
          </button>
        ) : null}
      </form>
    </section>
  );
}
