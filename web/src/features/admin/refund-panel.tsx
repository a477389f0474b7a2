/**
 * Payment and refunds of one registration, in Player Details (issue 15): what was paid, refunded and is left,
 * the refunds made so far, and a refund form (amount, reason) with a confirmation step. The idempotency key
 * is made once per refund the admin means and kept until it succeeds, so a double click, a retry after a
 * lost answer or a second tab's resend refunds once (the server answers the same refund again).
 */
import { useId, useState, type FormEvent } from 'react';
import { fieldMessages, serverMessages } from '@club/shared/messages';
import { centsToDollars, dollarsToCents, formatCad } from '@club/shared/tryouts';
import type { AdminTryoutRow, RefundRecord } from '@club/shared/types';
import { TextField } from '../../components/form-field';
import type { Notify } from '../../components/toast';
import { callApi, serverMessageOr } from '../../lib/api-client';
import { adminMessages as t } from './messages';

const newKey = () => crypto.randomUUID();

/** 2026-11-24T… → "Nov 24, 2026" in Edmonton. */
function day(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: 'America/Edmonton' }).format(
    new Date(iso),
  );
}

export function RefundPanel({
  row,
  notify,
  onRefunded,
}: {
  row: AdminTryoutRow;
  notify: Notify;
  onRefunded: (row: AdminTryoutRow) => void;
}) {
  const id = useId();
  const refunds = row.refunds ?? [];
  const pending = refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount_cents, 0);
  const left = Math.max(0, row.amount_paid_cents - row.amount_refunded_cents - pending);
  const [amount, setAmount] = useState(() => centsToDollars(left));
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const who = `${row.first_name} ${row.last_name}`;

  function check(e: FormEvent) {
    e.preventDefault();
    const cents = dollarsToCents(amount);
    const next: typeof errors = {};
    if (cents === null || cents < 1) next.amount = fieldMessages.refundAmountInvalid;
    else if (cents > left) {
      next.amount = serverMessages.refundTooLarge
        .replace('{left}', formatCad(left))
        .replace('{paid}', formatCad(row.amount_paid_cents));
    }
    if (!reason.trim()) next.reason = fieldMessages.refundReasonRequired;
    setErrors(next);
    if (!next.amount && !next.reason && cents !== null) setConfirming(cents);
  }

  /**
   * A card refund left waiting for Stripe (its answer lost, or a crash before it was asked): the same refund,
   * sent again with its own key, so Stripe answers the refund it made, or makes the one it never got (issue 34).
   */
  async function retry(pendingRefund: RefundRecord) {
    if (busy || !pendingRefund.retry_key) return;
    setBusy(true);
    try {
      const answer = await callApi('refundTryout', {
        params: { id: row.id },
        body: {
          amount_cents: pendingRefund.amount_cents,
          reason: pendingRefund.reason,
          idempotency_key: pendingRefund.retry_key,
        },
      });
      const { refund: made, ...updated } = answer;
      onRefunded(updated);
      notify.success(t.refunded(formatCad(made.amount_cents)));
    } catch (error) {
      setErrors({ form: serverMessageOr(error, t.refundFailed) });
      notify.error(t.refundFailed);
    } finally {
      setBusy(false);
    }
  }

  async function refund(cents: number) {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await callApi('refundTryout', {
        params: { id: row.id },
        body: { amount_cents: cents, reason: reason.trim(), idempotency_key: key },
      });
      const { refund: made, ...updated } = answer;
      onRefunded(updated);
      notify.success(t.refunded(formatCad(made.amount_cents)));
      const rest = updated.amount_paid_cents - updated.amount_refunded_cents;
      setKey(newKey());
      setAmount(centsToDollars(Math.max(0, rest)));
      setReason('');
      setErrors({});
      setConfirming(null);
    } catch (error) {
      // The key stays: trying again is the same refund, never a second one.
      setErrors({ form: serverMessageOr(error, t.refundFailed) });
      notify.error(t.refundFailed);
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }

  // Cash and Interac e-Transfer (issue 46) are given back by the club itself; a card through Stripe.
  const paidBy =
    row.payment_method === 'cash' ? 'cash' : row.payment_method === 'etransfer' ? 'e-Transfer' : 'card';
  return (
    <section className="admin-detail-group admin-money" aria-label={t.moneyTitle}>
      <h3>{t.moneyTitle}</h3>
      <dl className="admin-dl">
        <div>
          <dt>{t.amountPaid}</dt>
          <dd>
            {formatCad(row.amount_paid_cents)}
            {row.amount_paid_cents > 0 ? ` (${paidBy})` : ''}
          </dd>
        </div>
        {row.amount_due_cents > 0 ? (
          <div>
            <dt>{t.amountDue}</dt>
            <dd>{formatCad(row.amount_due_cents)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t.amountRefunded}</dt>
          <dd>{formatCad(row.amount_refunded_cents)}</dd>
        </div>
        <div>
          <dt>{t.amountLeft}</dt>
          <dd>{formatCad(left)}</dd>
        </div>
      </dl>
      {row.payment_status === 'disputed' ? <p className="admin-money-alert">{t.disputedNote}</p> : null}
      {row.unreconciled_refund_cents ? (
        <p className="admin-money-alert">{t.unreconciled(formatCad(row.unreconciled_refund_cents))}</p>
      ) : null}
      {refunds.length ? (
        <>
          <h4 className="admin-money-subhead">{t.refundsHeading}</h4>
          <ul className="admin-refunds">
            {refunds.map((r) => (
              <li key={r.key}>
                <strong>{formatCad(r.amount_cents)}</strong> · {day(r.created_at)} · {r.reason}
                {r.status === 'pending' ? t.refundPending : ''}
                {r.status === 'pending' && r.retry_key ? (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="admin-link-button"
                      aria-label={t.refundRetryLabel(formatCad(r.amount_cents))}
                      aria-disabled={busy || undefined}
                      onClick={() => void retry(r)}
                    >
                      {busy ? t.refundRetrying : t.refundRetry}
                    </button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {errors.form && left === 0 ? (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
        </>
      ) : null}
      {row.amount_paid_cents === 0 ? (
        <p className="form-note">{t.nothingPaid}</p>
      ) : left === 0 ? (
        <p className="form-note">{t.allRefunded}</p>
      ) : confirming !== null ? (
        <div className="admin-refund-confirm" role="group" aria-label={t.moneyTitle}>
          <p>
            <strong>
              {paidBy === 'card'
                ? t.refundCard(formatCad(confirming), who)
                : paidBy === 'e-Transfer'
                  ? t.refundEtransfer(formatCad(confirming), who)
                  : t.refundCash(formatCad(confirming), who)}
            </strong>
          </p>
          {paidBy === 'card' ? <p className="form-note">{t.refundCardNote}</p> : null}
          <p className="admin-form-actions">
            <button
              type="button"
              className="button button-primary"
              aria-disabled={busy || undefined}
              onClick={() => void refund(confirming)}
            >
              {busy ? t.refunding : t.refundConfirm(formatCad(confirming))}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setConfirming(null)}
            >
              {t.cancel}
            </button>
          </p>
        </div>
      ) : (
        <form className="admin-refund-form" noValidate onSubmit={check}>
          <TextField
            id={`${id}-amount`}
            label={t.refundAmount}
            value={amount}
            error={errors.amount}
            inputMode="decimal"
            autoComplete="off"
            onValueChange={setAmount}
          />
          <TextField
            id={`${id}-reason`}
            label={t.refundReason}
            value={reason}
            error={errors.reason}
            placeholder={t.refundReasonPlaceholder}
            autoComplete="off"
            maxLength={200}
            onValueChange={setReason}
          />
          {errors.form ? (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <button type="submit" className="button button-secondary">
            {t.refundButton}
          </button>
        </form>
      )}
    </section>
  );
}
