/**
 * /reset-password#<token> and /reset-password/{token} (spec §2, §5, §8): new and confirm passwords, checked on blur and live once touched;
 * on success a message, then /login after 2.5 seconds.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { fieldErrors, fieldMessages, RESET_REDIRECT_MS, ResetPasswordFormSchema } from '@club/shared';
import { FormError } from '../../components/form-error';
import { PasswordField } from '../../components/password-field';
import { useEarlyValues } from '../../lib/early-values';
import { ApiError } from '../../lib/api-client';
import { resetPassword } from './api';
import { focusFirstInvalid } from './focus';
import { authMessages as t } from './messages';

type Field = 'password' | 'confirm_password';
type Values = Record<Field, string>;

function check(values: Values): Partial<Record<Field, string>> {
  const errors = fieldErrors(ResetPasswordFormSchema, values) as Partial<Record<Field, string>>;
  // The schema compares the two only once the password itself is valid; the form says it at once.
  if (!errors.confirm_password && values.confirm_password && values.confirm_password !== values.password) {
    errors.confirm_password = fieldMessages.passwordsDoNotMatch;
  }
  return errors;
}

/** What the form's button and success say: a reset's (spec §8) unless a page sets a first password. */
export interface ResetWords {
  submit: string;
  busy: string;
  succeeded: string;
}

export function ResetPasswordForm({
  token,
  words = { submit: t.resetPassword, busy: t.resetting, succeeded: t.resetSucceeded },
}: {
  token: string;
  words?: ResetWords;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({ password: '', confirm_password: '' });
  // What was typed before the prerendered page hydrated (issue 20).
  useEarlyValues(['password', 'confirm_password'], (typed) =>
    setValues((current) => ({ ...current, ...typed })),
  );
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState('');

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const shown = (next: Values, seen: Partial<Record<Field, boolean>>) => {
    const found = check(next);
    return {
      password: seen.password ? found.password : undefined,
      confirm_password: seen.confirm_password ? found.confirm_password : undefined,
    };
  };

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors(shown(next, touched));
  };
  const blur = (field: Field) => () => {
    const seen = { ...touched, [field]: true };
    setTouched(seen);
    setErrors(shown(values, seen));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check(values);
    setTouched({ password: true, confirm_password: true });
    setErrors(found);
    if (found.password || found.confirm_password) {
      setFormError(fieldMessages.formInvalid);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setFormError('');
    setBusy(true);
    try {
      await resetPassword(token, values.password);
      setDone(true);
    } catch (e) {
      const body = e instanceof ApiError ? e.body : null;
      setFormError(body?.errors?.[0]?.msg || body?.message || t.resetFailed);
      setBusy(false);
    }
  }

  if (done) {
    return (
      <p role="status" className="form-success">
        {words.succeeded}
      </p>
    );
  }

  return (
    <form ref={formRef} className="auth-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <PasswordField
        id="password"
        label="New password"
        autoComplete="new-password"
        showRules
        value={values.password}
        error={errors.password}
        disabled={busy}
        onValueChange={change('password')}
        onBlur={blur('password')}
      />
      <PasswordField
        id="confirm_password"
        label="Confirm password"
        autoComplete="new-password"
        value={values.confirm_password}
        error={errors.confirm_password}
        disabled={busy}
        onValueChange={change('confirm_password')}
        onBlur={blur('confirm_password')}
      />
      <FormError message={formError} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? words.busy : words.submit}
      </button>
    </form>
  );
}
