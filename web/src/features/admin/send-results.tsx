/**
 * Send Result Emails (spec §2, §7): a confirmation that says how many players will be mailed, then the
 * progress while the mail goes out, then the failures the mail service refused (failedEmails), which stay
 * Not Sent until the next send.
 */
import { useEffect, useId, useRef, type Ref } from 'react';
import type { AdminTryoutRow, SendResultsAnswer } from '@club/shared/types';
import { EmailLink } from '../../components/email-link';
import { awaitsResultMail } from './labels';
import { adminMessages as t } from './messages';
import type { SendPhase } from './use-send-results';

function Confirmation({
  rows,
  onConfirm,
  onCancel,
}: {
  rows: AdminTryoutRow[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  const waiting = rows.filter(awaitsResultMail);
  const selected = waiting.filter((r) => r.result === 'selected').length;
  const count = waiting.length;
  return (
    <div
      ref={panel}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      tabIndex={-1}
      className="admin-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <h3 id={`${id}-title`}>{t.confirmTitle}</h3>
      <div id={`${id}-body`}>
        {count ? (
          <>
            <p>
              <strong>{t.confirmCount(count)}</strong> {t.confirmBreakdown(selected, count - selected)}
            </p>
            <p className="form-note">{t.confirmNote}</p>
          </>
        ) : (
          <p>{t.nothingToSend}</p>
        )}
      </div>
      <p className="admin-form-actions">
        {count ? (
          <button type="button" className="button" onClick={onConfirm}>
            {t.confirmSend(count)}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {count ? t.cancel : t.close}
        </button>
      </p>
    </div>
  );
}

function Progress({ state }: { state: SendPhase }) {
  if (state.phase === 'idle') return null;
  const details = state.phase === 'sending' ? state.progress : null;
  const done = details ? details.sent + details.failed : 0;
  return (
    <div role="status" className="admin-progress">
      <p className="admin-progress-title">
        <span className="admin-spinner" aria-hidden="true" />
        {t.progressTitle}
      </p>
      <p className="admin-progress-count">
        {details ? t.progress(details.sent, details.total) : t.starting}
        {details?.failed ? ` · ${t.progressFailed(details.failed)}` : ''}
      </p>
      {details ? <progress max={details.total || 1} value={done} aria-label={t.progressTitle} /> : null}
      <p className="form-note">
        {state.phase === 'sending' && state.retrying ? t.progressRetrying : t.progressNote}
      </p>
    </div>
  );
}

function Failures({
  emails,
  onDismiss,
}: {
  emails: SendResultsAnswer['failedEmails'];
  onDismiss: () => void;
}) {
  const id = useId();
  return (
    <section className="admin-failures" aria-labelledby={id}>
      <h3 id={id}>{t.failedTitle(emails.length)}</h3>
      <ul>
        {emails.map((f) => (
          <li key={f.email}>
            {f.name} — <EmailLink address={f.email} />
          </li>
        ))}
      </ul>
      <p className="form-note">{t.failedNote}</p>
      <button type="button" className="button button-secondary" onClick={onDismiss}>
        {t.dismiss}
      </button>
    </section>
  );
}

export function SendResultsButton({
  busy,
  onAsk,
  buttonRef,
}: {
  busy: boolean;
  onAsk: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="button"
      aria-disabled={busy || undefined}
      onClick={() => !busy && onAsk()}
    >
      {t.sendResults}
    </button>
  );
}

/** The confirmation (while asked), the progress (while sending) and the failures (after). */
export function SendResultsPanel({
  rows,
  asking,
  state,
  failedEmails,
  onConfirm,
  onCancel,
  onDismissFailures,
}: {
  rows: AdminTryoutRow[];
  asking: boolean;
  state: SendPhase;
  failedEmails: SendResultsAnswer['failedEmails'];
  onConfirm: () => void;
  onCancel: () => void;
  onDismissFailures: () => void;
}) {
  return (
    <>
      {asking && state.phase === 'idle' ? (
        <Confirmation rows={rows} onConfirm={onConfirm} onCancel={onCancel} />
      ) : null}
      <Progress state={state} />
      {failedEmails.length && state.phase === 'idle' ? (
        <Failures emails={failedEmails} onDismiss={onDismissFailures} />
      ) : null}
    </>
  );
}
