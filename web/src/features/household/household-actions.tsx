/**
 * The household's own actions beside its list (issue 17): inviting another parent or guardian by e-mail (the
 * address checked with the shared schema first), and leaving the household after a question.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { EmailSchema } from '@club/shared';
import type { Household, PendingInvitation } from '@club/shared/types';
import * as v from 'valibot';
import { TextField } from '../../components/form-field';
import { callApi, serverMessageOr } from '../../lib/api-client';
import { inviteGuardian, leaveHousehold } from './api';
import { householdMessages as t } from './messages';

/** "Nov 27" in Edmonton. */
function shortDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    month: 'short',
    day: 'numeric',
    timeZone: 'America/Edmonton',
  }).format(new Date(iso));
}

export function InviteForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  // Said beside the button that sent it (issue 36: it showed at the top of the section, out of sight).
  const [sent, setSent] = useState('');
  // The invitations still waiting, with Resend and Cancel (issue 36).
  const [waiting, setWaiting] = useState<PendingInvitation[]>([]);
  useEffect(() => {
    let current = true;
    callApi('listGuardianInvites').then(
      (list) => current && setWaiting(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [sent]);

  async function resend(invitation: PendingInvitation) {
    setError('');
    try {
      setSent((await inviteGuardian(invitation.email)).message);
    } catch (e) {
      setError(serverMessageOr(e, t.failed));
    }
  }

  async function cancel(invitation: PendingInvitation) {
    setError('');
    try {
      setWaiting(await callApi('cancelGuardianInvite', { params: { id: invitation.id } }));
      setSent(t.invitationCancelled(invitation.email));
    } catch (e) {
      setError(serverMessageOr(e, t.failed));
    }
  }
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(EmailSchema, email);
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    setError('');
    setSent('');
    setBusy(true);
    try {
      const answer = await inviteGuardian(parsed.output);
      setEmail('');
      setSent(answer.message);
    } catch (e) {
      setError(serverMessageOr(e, t.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="household-invite" noValidate onSubmit={(e) => void submit(e)}>
      <h3>{t.inviteTitle}</h3>
      <TextField
        id={`${id}-email`}
        label={t.inviteEmail}
        type="email"
        autoComplete="off"
        value={email}
        error={error}
        disabled={busy}
        onValueChange={setEmail}
      />
      <p className="form-note">{t.inviteNote}</p>
      <button type="submit" className="button button-secondary" aria-disabled={busy || undefined}>
        {busy ? t.inviting : t.invite}
      </button>
      <p role="status" className="form-success household-invite-sent" hidden={!sent}>
        {sent}
      </p>
      {waiting.length ? (
        <section className="household-waiting" aria-labelledby={`${id}-waiting`}>
          <h4 id={`${id}-waiting`}>{t.waitingTitle}</h4>
          <ul className="household-list">
            {waiting.map((invitation) => (
              <li key={invitation.id}>
                <div>
                  <strong>{invitation.email}</strong>
                  <br />
                  <span className="household-meta">
                    {t.waitingSent(
                      invitation.sent_by,
                      shortDay(invitation.sent_at),
                      shortDay(invitation.expires_at),
                    )}
                  </span>
                </div>
                <div className="household-row-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => void resend(invitation)}
                  >
                    {t.resend}
                  </button>
                  <button
                    type="button"
                    className="household-link"
                    aria-label={t.cancelInvitation(invitation.email)}
                    onClick={() => void cancel(invitation)}
                  >
                    {t.cancel}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </form>
  );
}

export function LeaveButton({
  onLeft,
  onFailed,
}: {
  onLeft: (h: Household) => void;
  onFailed: (m: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <p className="household-actions">
        <button type="button" className="household-link" onClick={() => setAsking(true)}>
          {t.leave}
        </button>
      </p>
    );
  }
  return (
    <div className="household-confirm" role="group" aria-label={t.leave}>
      <p>{t.leaveQuestion}</p>
      <p className="household-actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            void leaveHousehold().then(onLeft, (e: unknown) => {
              setAsking(false);
              onFailed(serverMessageOr(e, t.failed));
            })
          }
        >
          {t.yesLeave}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
          {t.keep}
        </button>
      </p>
    </div>
  );
}
