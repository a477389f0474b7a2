/**
 * The Tryouts table (spec §2): tryout number, name button (opens Player Details), age group, payment (with
 * the cash-collected control on cash rows), attended toggle, result select, e-mail status and Resend Email.
 * Rows are memoised, so a change to one registration re-renders that row alone. On a phone each row
 * becomes a card with every column labelled.
 */
import { memo } from 'react';
import { formatCad, paymentLabel } from '@club/shared/tryouts';
import type { AdminTryoutRow } from '@club/shared/types';
import { cardPaymentPending, owesCash } from '@club/shared/season-money';
import { MAIL_STATUS_LABELS, RESULT_OPTIONS, rowName } from './labels';
import { adminMessages as t } from './messages';
import type { RowActions } from './use-tryout-rows';

interface RowProps {
  row: AdminTryoutRow;
  /** Fields of this row whose change is still on its way. */
  saving: Partial<AdminTryoutRow> | undefined;
  resending: boolean;
  /** The row's last change was just saved: it shows its own tick (the toast says it once for all). */
  saved: boolean;
  actions: RowActions;
  onOpen: (id: string) => void;
}

/** Each column's header and the class that gives it its width (the name column takes the rest). */
const COLUMNS: Array<[label: string, className: string | undefined]> = [
  [t.number, 'admin-col-number'],
  [t.name, undefined],
  [t.ageGroup, 'admin-col-age'],
  [t.payment, 'admin-col-payment'],
  [t.attended, 'admin-col-attended'],
  [t.result, 'admin-col-result'],
  [t.emailStatus, 'admin-col-email'],
  [t.actions, 'admin-col-action'],
];

const TryoutRow = memo(function TryoutRow({ row, saving, resending, saved, actions, onOpen }: RowProps) {
  const who = rowName(row);
  const savingAttended = saving?.attended !== undefined;
  const savingResult = saving?.result !== undefined;
  const savingCash = saving?.payment_status !== undefined;
  // Unpaid rows are marked (issue 18): cash to collect, or a card payment not made yet.
  const unpaid = owesCash(row) || cardPaymentPending(row);
  return (
    <tr className={unpaid ? 'admin-row admin-row-unpaid' : 'admin-row'}>
      <td data-label={t.number} className="admin-cell-number">
        {row.tryout_number}
      </td>
      <th scope="row" data-label={t.name} className="admin-cell-name">
        <button type="button" className="admin-name" onClick={() => onOpen(row.id)}>
          {row.first_name} {row.last_name}
          <span className="visually-hidden"> (details)</span>
        </button>
        {row.withdrawn ? <span className="admin-badge admin-badge-withdrawn">{t.withdrawn}</span> : null}
        {/* What the club asked at registration, at a glance (issue 36): medical notes to read, photos allowed,
            a family that asked about support. The details are on Player Details. */}
        {row.medical_notes ? <span className="admin-badge admin-badge-medical">{t.badgeMedical}</span> : null}
        {/* A box left unticked is no (issue 42): the admin reads what the door reads. */}
        {row.photo_consent ? (
          <span className="admin-badge admin-badge-photos">{t.badgePhotos}</span>
        ) : (
          <span className="admin-badge admin-badge-no-photos">{t.badgeNoPhotos}</span>
        )}
        {row.financial_support_requested ? (
          <span className="admin-badge admin-badge-support">
            {row.support_answer_pending ? t.badgeSupportWaiting : t.badgeSupport}
          </span>
        ) : null}
        {saved ? (
          <span className="admin-saved" aria-hidden="true">
            {t.savedTick}
          </span>
        ) : null}
      </th>
      <td data-label={t.ageGroup}>{row.age_group}</td>
      <td data-label={t.payment}>
        <span className="admin-payment">
          {paymentLabel(row.payment_method, row.payment_status, row)}
          {unpaid ? (
            <span className="admin-badge admin-badge-unpaid">{t.owes(formatCad(row.amount_due_cents))}</span>
          ) : null}
          {row.payment_method === 'cash' ? (
            <label className={`admin-check${savingCash ? ' is-saving' : ''}`}>
              <input
                type="checkbox"
                checked={row.payment_status !== 'cash'}
                // Once some of the cash went back, it stays collected (the refund is its record).
                disabled={row.amount_refunded_cents > 0}
                aria-label={t.collectedOf(who)}
                aria-busy={savingCash || undefined}
                onChange={(e) => actions.setCashCollected(row, e.target.checked)}
              />
              <span aria-hidden="true">{t.cashCollected}</span>
            </label>
          ) : null}
          {row.payment_method === 'etransfer' &&
          row.payment_status === 'awaiting_etransfer' &&
          !row.withdrawn ? (
            <button
              type="button"
              className="button button-secondary admin-resend"
              aria-label={t.markEtransferReceivedOf(who)}
              onClick={() => actions.markEtransferReceived(row)}
            >
              {t.markEtransferReceived}
            </button>
          ) : null}
        </span>
      </td>
      <td data-label={t.attended}>
        <label className={`admin-check admin-check-large${savingAttended ? ' is-saving' : ''}`}>
          <input
            type="checkbox"
            checked={row.attended}
            aria-label={t.attendedOf(who)}
            aria-busy={savingAttended || undefined}
            onChange={(e) => actions.setAttended(row, e.target.checked)}
          />
        </label>
      </td>
      <td data-label={t.result}>
        <select
          className={`admin-result admin-result-${row.result || 'pending'}${savingResult ? ' is-saving' : ''}`}
          value={row.result}
          aria-label={t.resultOf(who)}
          aria-busy={savingResult || undefined}
          onChange={(e) => actions.setResult(row, e.target.value as AdminTryoutRow['result'])}
        >
          {RESULT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </td>
      <td data-label={t.emailStatus}>
        <span className={`admin-badge admin-mail-${row.email_status}`}>
          {MAIL_STATUS_LABELS[row.email_status]}
        </span>
      </td>
      <td data-label={t.actions} className="admin-cell-action">
        {row.withdrawn ? (
          <button
            type="button"
            className="button button-secondary admin-resend"
            aria-label={t.reinstateWho(who)}
            onClick={() => actions.reinstate(row)}
          >
            {t.reinstate}
          </button>
        ) : (
          <button
            type="button"
            className="button button-secondary admin-resend"
            disabled={row.result === ''}
            title={row.result === '' ? t.chooseResultFirst : undefined}
            aria-label={row.email_sent ? t.resendTo(who) : t.sendTo(who)}
            aria-disabled={resending || undefined}
            onClick={() => !resending && actions.resend(row)}
          >
            {/* Send until a mail went out; Resend (the spec's word) after (issue 18). */}
            {resending ? t.resending : row.email_sent ? t.resendEmail : t.sendEmail}
          </button>
        )}
      </td>
    </tr>
  );
});

export function TryoutTable({
  caption,
  rows,
  saving,
  saved,
  resending,
  actions,
  onOpen,
}: {
  caption: string;
  rows: AdminTryoutRow[];
  saving: Record<string, Partial<AdminTryoutRow>>;
  resending: ReadonlySet<string>;
  saved: ReadonlyMap<string, number>;
  actions: RowActions;
  onOpen: (id: string) => void;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map(([label, className]) => (
              <th key={label} scope="col" className={className}>
                {label === t.actions ? <span className="visually-hidden">{label}</span> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TryoutRow
              key={row.id}
              row={row}
              saving={saving[row.id]}
              resending={resending.has(row.id)}
              saved={saved.has(row.id)}
              actions={actions}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
