/**
 * Send Result Emails (spec §2, §7): a confirmation that says how many players will be mailed, then the
 * progress while the mail goes out, then the failures the mail service refused (failedEmails), which stay
 * Not Sent until the next send.
 */
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { AgeGroup } from '@club/shared/constants';
import { sessionWhen } from '@club/shared/sessions';
import { groupsWithSessionAhead } from '@club/shared/sessions-ahead';
import type { AdminTryoutRow, ResultMailPreview, SendResultsAnswer, TryoutSession } from '@club/shared/types';
import { EmailLink } from '../../components/email-link';
import { previewResultMail } from './api';
import { awaitsResultMail } from './labels';
import { adminMessages as t } from './messages';
import type { SendPhase } from './use-send-results';

/** Both mails, fetched when the admin opens the preview (issue 18). */
function MailPreview({ seasonId }: { seasonId: string }) {
  const [preview, setPreview] = useState<ResultMailPreview | 'loading' | 'failed' | null>(null);
  function load() {
    if (preview !== null && preview !== 'failed') return;
    setPreview('loading');
    previewResultMail(seasonId).then(setPreview, () => setPreview('failed'));
  }
  return (
    <details className="admin-preview" onToggle={(e) => e.currentTarget.open && load()}>
      <summary>{t.previewMails}</summary>
      {preview === 'loading' ? <p role="status">{t.previewLoading}</p> : null}
      {preview === 'failed' ? <p role="alert">{t.previewFailed}</p> : null}
      {preview && typeof preview === 'object' ? (
        <>
          <p className="form-note">{t.previewFor(preview.age_group)}</p>
          {(
            [
              [t.previewSelected, preview.selected],
              [t.previewNotSelected, preview.not_selected],
            ] as const
          ).map(([label, mail]) => (
            <section key={label} className="admin-preview-mail" aria-label={label}>
              <h4>
                {label}: {mail.subject}
              </h4>
              <pre>{mail.text}</pre>
            </section>
          ))}
        </>
      ) : null}
    </details>
  );
}

function Confirmation({
  rows,
  seasonId,
  teamLinks,
  sessions,
  onConfirm,
  onCancel,
}: {
  rows: AdminTryoutRow[];
  seasonId: string;
  teamLinks: Partial<Record<AgeGroup, string>>;
  sessions: readonly TryoutSession[];
  onConfirm: (options: { sessionsAhead: boolean }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  const waiting = rows.filter(awaitsResultMail);
  const selected = waiting.filter((r) => r.result === 'selected').length;
  const count = waiting.length;
  // The age groups whose selected players would be mailed without a team link (issue 18).
  const withoutLink = [
    ...new Set(
      waiting.filter((r) => r.result === 'selected' && !teamLinks[r.age_group]).map((r) => r.age_group),
    ),
  ].sort();
  // Issue 42: groups to be mailed whose tryout session is still ahead; sending then needs a second thought.
  const ahead = groupsWithSessionAhead(sessions, waiting.map((r) => r.age_group).sort(), new Date());
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
            {ahead.length ? (
              <div className="admin-warning">
                <p>
                  <strong>{t.sessionsAheadTitle(ahead.length)}</strong>
                </p>
                <ul>
                  {ahead.map((a) => (
                    <li key={a.age_group}>
                      {a.age_group}: {sessionWhen(a.session)}
                    </li>
                  ))}
                </ul>
                <p>{t.sessionsAheadNote}</p>
              </div>
            ) : null}
            <p className="form-note">{t.confirmNote}</p>
            {withoutLink.length ? (
              <p className="admin-warning">{t.noTeamLinkYet(withoutLink.join(', '))}</p>
            ) : null}
            <MailPreview seasonId={seasonId} />
          </>
        ) : (
          <p>{t.nothingToSend}</p>
        )}
      </div>
      <p className="admin-form-actions">
        {count ? (
          <button
            type="button"
            className="button"
            onClick={() => onConfirm({ sessionsAhead: ahead.length > 0 })}
          >
            {ahead.length ? t.confirmSendAnyway(count) : t.confirmSend(count)}
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
  seasonId,
  teamLinks,
  sessions = [],
  asking,
  state,
  failedEmails,
  onConfirm,
  onCancel,
  onDismissFailures,
}: {
  rows: AdminTryoutRow[];
  seasonId: string;
  teamLinks: Partial<Record<AgeGroup, string>>;
  /** The season's sessions: a group still to play one is named before its results are sent (issue 42). */
  sessions?: readonly TryoutSession[];
  asking: boolean;
  state: SendPhase;
  failedEmails: SendResultsAnswer['failedEmails'];
  onConfirm: (options: { sessionsAhead: boolean }) => void;
  onCancel: () => void;
  onDismissFailures: () => void;
}) {
  return (
    <>
      {asking && state.phase === 'idle' ? (
        <Confirmation
          rows={rows}
          seasonId={seasonId}
          teamLinks={teamLinks}
          sessions={sessions}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : null}
      <Progress state={state} />
      {failedEmails.length && state.phase === 'idle' ? (
        <Failures emails={failedEmails} onDismiss={onDismissFailures} />
      ) : null}
    </>
  );
}
