/** /login (spec §2): e-mail and password, busy state, server messages, resend for unverified accounts. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fieldErrors, LoginSchema, VERIFY_EMAIL_PHRASE } from '@club/shared';
import { EmailField } from '../../components/email-field';
import { TextField } from '../../components/form-field';
import { FormError } from '../../components/form-error';
import { PasswordField } from '../../components/password-field';
import { ApiError } from '../../lib/api-client';
import { useEarlyValues } from '../../lib/early-values';
import { login } from './api';
import { focusFirstInvalid } from './focus';
import { authMessages as t } from './messages';
import { takeReturnTo } from '../../lib/return-to';
import { ResendVerificationButton } from './resend-verification-button';
import { useCarriedEmail } from './use-carried-email';
import { useSessionActions } from './session-provider';

type Field = 'email' | 'password' | 'code';

export function LoginForm() {
  const navigate = useNavigate();
  const { signIn } = useSessionActions();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ email: '', password: '', code: '' });
  // Once sign-ins were limited (429), the code mailed to the account lets its owner in (issue 34).
  const [codeAsked, setCodeAsked] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (codeAsked) codeRef.current?.focus();
  }, [codeAsked]);
  // What was typed before the prerendered page hydrated (issue 20).
  useEarlyValues(['email', 'password'], (typed) => setValues((current) => ({ ...current, ...typed })));
  // The address a verification link just confirmed (issue 36), unless something was typed already.
  const carriedEmail = useCarriedEmail();
  const [filledFrom, setFilledFrom] = useState<string | undefined>();
  if (carriedEmail && filledFrom !== carriedEmail) {
    setFilledFrom(carriedEmail);
    setValues((current) => (current.email ? current : { ...current, email: carriedEmail }));
  }
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState('');

  const check = (field: Field, next: typeof values) =>
    setErrors((prev) => ({
      ...prev,
      [field]: fieldErrors(LoginSchema, { ...next, code: next.code.trim() || undefined })[field],
    }));

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched[field]) check(field, next);
  };
  const blur = (field: Field) => () => {
    setTouched((prev) => ({ ...prev, [field]: true }));
    check(field, values);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sent = { ...values, code: codeAsked && values.code.trim() ? values.code.trim() : undefined };
    const found = fieldErrors(LoginSchema, sent) as Partial<Record<Field, string>>;
    setErrors(found);
    setTouched({ email: true, password: true, code: true });
    if (found.email || found.password || found.code) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setBusy(true);
    setFormError('');
    try {
      const { token } = await login(values.email.trim().toLowerCase(), values.password, sent.code);
      const user = signIn(token);
      navigate(takeReturnTo(user), { replace: true });
    } catch (e) {
      setFormError(e instanceof ApiError ? (e.serverMessage ?? t.loginFailed) : t.unexpectedError);
      if (e instanceof ApiError && e.status === 429) setCodeAsked(true);
      setBusy(false);
    }
  }

  const needsVerification = formError.toLowerCase().includes(VERIFY_EMAIL_PHRASE);

  return (
    <form ref={formRef} className="auth-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <EmailField
        value={values.email}
        error={errors.email}
        disabled={busy}
        onValueChange={change('email')}
        onBlur={blur('email')}
      />
      <PasswordField
        id="password"
        label="Password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        disabled={busy}
        onValueChange={change('password')}
        onBlur={blur('password')}
      />
      <FormError message={formError} />
      {codeAsked && (
        <TextField
          id="code"
          inputRef={codeRef}
          label={t.signInCode}
          value={values.code}
          error={touched.code ? errors.code : undefined}
          disabled={busy}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          onValueChange={change('code')}
          onBlur={blur('code')}
        />
      )}
      {needsVerification && <ResendVerificationButton email={values.email} />}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t.signingIn : t.signIn}
      </button>
      <p className="auth-links">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <p className="auth-links">
        Don&apos;t have an account? <Link to="/register">Register</Link>
      </p>
    </form>
  );
}
