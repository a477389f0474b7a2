/**
 * The admin's e-Transfers fold (issue 46 §2): import the bank's CSV export, then the answer's lists: matched
 * and paid, applied before, proposals (Apply on each), lines to resolve (Apply to one of the candidates),
 * amounts short or over (shown, never applied) and lines not matched.
 */
import { useState, type FormEvent } from 'react';
import type { EtransferImportAnswer, EtransferRowView } from '@club/shared/etransfer';
import { formatCad } from '@club/shared/money';
import type { Notify } from '../../components/toast';
import { callApi, serverMessageOr, uploadCsvApi } from '../../lib/api-client';
import { etransferPanelMessages as t } from './etransfer-panel-messages';

type ListName = keyof EtransferImportAnswer;
const LISTS: readonly ListName[] = [
  'proposed',
  'ambiguous',
  'amount_mismatch',
  'unmatched',
  'matched',
  'already_applied',
];

function Line({
  row,
  list,
  applied,
  onApply,
}: {
  row: EtransferRowView;
  list: ListName;
  applied: string | undefined;
  onApply: (row: EtransferRowView, tryoutId: string, name: string) => void;
}) {
  const difference = row.difference_cents ?? 0;
  const choices = list === 'proposed' || list === 'ambiguous' ? (row.candidates ?? []) : [];
  return (
    <li className="etransfer-line">
      <span className="etransfer-line-facts">
        <strong>{formatCad(row.amount_cents)}</strong> · {row.date} · {row.sender}
        {row.message ? <> · “{row.message}”</> : null}
      </span>
      {row.player_name && !choices.length ? (
        <span className="etransfer-line-who">{t.forWhom(row.player_name)}</span>
      ) : null}
      {difference ? (
        <span className="admin-badge admin-badge-unpaid">
          {difference < 0 ? t.short(formatCad(-difference)) : t.over(formatCad(difference))}
        </span>
      ) : null}
      {applied ? (
        <span className="etransfer-line-who">{t.applied(applied)}</span>
      ) : (
        choices.map((c) => (
          <button
            key={c.tryout_id}
            type="button"
            className="button button-secondary admin-resend"
            onClick={() => onApply(row, c.tryout_id, c.player_name)}
          >
            {t.apply(c.player_name)}
          </button>
        ))
      )}
    </li>
  );
}

/** A chosen file's text, read as the bank wrote it (UTF-8, its byte-order mark kept for the server). */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/** `onChanged` reloads the registrations table after an import or an Apply paid families (their rows change). */
export function EtransferPanel({ notify, onChanged }: { notify: Notify; onChanged?: () => unknown }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<EtransferImportAnswer | null>(null);
  const [applied, setApplied] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      notify.error(t.chooseFile);
      return;
    }
    setBusy(true);
    try {
      const result = await uploadCsvApi('importEtransfers', await textOf(file));
      setAnswer(result);
      setApplied({});
      notify.success(t.imported(result.matched.length));
      if (result.matched.length) void onChanged?.();
    } catch (error) {
      notify.error(serverMessageOr(error, t.importFailed));
    } finally {
      setBusy(false);
    }
  }

  async function apply(row: EtransferRowView, tryoutId: string, name: string) {
    try {
      await callApi('applyEtransferRow', { params: { rowId: row.row_id }, body: { tryout_id: tryoutId } });
      setApplied((now) => ({ ...now, [row.row_id]: name }));
      notify.success(t.applied(name));
      void onChanged?.();
    } catch (error) {
      notify.error(serverMessageOr(error, t.applyFailed));
    }
  }

  return (
    <details className="admin-disclosure admin-etransfers">
      <summary>{t.title}</summary>
      <p className="form-note">{t.intro}</p>
      <form className="etransfer-import" noValidate onSubmit={(e) => void submit(e)}>
        <div className="form-field">
          <label htmlFor="etransfer-file">{t.file}</label>
          <input
            id="etransfer-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t.importing : t.import}
        </button>
      </form>
      {answer
        ? LISTS.map((list) => (
            <section key={list} className="etransfer-list" aria-label={t.lists[list]}>
              <h3 className="admin-settings-heading">
                {t.lists[list]} ({answer[list].length})
              </h3>
              {answer[list].length ? (
                <ul>
                  {answer[list].map((row) => (
                    <Line
                      key={row.row_id}
                      row={row}
                      list={list}
                      applied={applied[row.row_id]}
                      onApply={(r, id, name) => void apply(r, id, name)}
                    />
                  ))}
                </ul>
              ) : (
                <p className="form-note">{t.none}</p>
              )}
            </section>
          ))
        : null}
    </details>
  );
}
