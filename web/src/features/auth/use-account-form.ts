/**
 * The submit cycle every form of the account page shares (issue 18): checks found before sending focus the
 * first field in error and send nothing; while sending, a second press does nothing; the answer's message
 * is shown as saved; a refusal shows the server's field messages, or its message for the form.
 */
import { useState } from 'react';
import { ApiError, serverMessageOr } from '../../lib/api-client';

export type FieldErrors = Partial<Record<string, string>>;

const FAILED = 'We could not save that. Please try again.';

/** The server's field messages by field, and its message for the form when it named none. */
function refusal(error: unknown): { fields: FieldErrors; form: string } {
  const fields: FieldErrors = {};
  if (error instanceof ApiError) {
    for (const e of error.body?.errors ?? []) if (e.field) fields[e.field] ??= e.msg;
  }
  const form = Object.keys(fields).length ? '' : serverMessageOr(error, FAILED);
  return { fields, form };
}

/** `idPrefix`: the form's useId(); each field's input id is `${idPrefix}-${field}`. */
export function useAccountForm(idPrefix: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);

  const focus = (found: FieldErrors) => {
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  };

  /** Sends unless `found` holds an error; `send` answers the message to show once saved. */
  async function submit(found: FieldErrors, send: () => Promise<string>): Promise<void> {
    if (busy) return;
    setSaved('');
    setFormError('');
    setErrors(found);
    if (Object.keys(found).length) {
      focus(found);
      return;
    }
    setBusy(true);
    try {
      setSaved(await send());
    } catch (error) {
      const { fields, form } = refusal(error);
      setErrors(fields);
      setFormError(form);
      focus(fields);
    } finally {
      setBusy(false);
    }
  }

  return { errors, formError, saved, busy, submit };
}
