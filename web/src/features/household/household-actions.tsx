/**
 * The household's own actions beside its list (issue 17): inviting another parent or guardian by e-mail (the
 * address checked with the shared schema first), and leaving the household after a question.
 */
import { useId, useState, type FormEvent } from 'react';
import { EmailSchema } from '@club/shared';
import type { Household } from '@club/shared/types';
import * as v from 'valibot';
import { TextField } from '../../components/form-field';
import { serverMessageOr } from '../../lib/api-client';
import { inviteGuardian, leaveHousehold } from './api';
import { householdMessages as t } from './messages';

export function InviteForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  // Said beside the button that sent it (issue 36: it showed at the top of the section, out of sight).
  const [sent, setSent] = useState('');
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
