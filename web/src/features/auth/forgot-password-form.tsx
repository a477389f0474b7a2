/** /forgot-password (spec §2, §8): e-mail, 'Send Reset Link', and a 60-second cooldown kept across reloads. */
import { useRef, useState, type FormEvent } from 'react';
import { useEarlyValues } from '../../lib/early-values';
import { Link } from 'react-router-dom';
import { EmailOnlySchema, fieldErrors, FORGOT_PASSWORD_COOLDOWN_S } from '@club/shared';
import { EmailField } from '../../components/email-field';
import { serverMessageOr } from '../../lib/api-client';
import { forgotPassword } from './api';
import { focusFirstInvalid } from './focus';
import { authMessages as t } from './messages';
import { COOLDOWN_KEYS, useCooldown } from './use-cooldown';

export function ForgotPasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  // What was typed before the prerendered page hydrated (issue 20).
  useEarlyValues(['email'], (typed) => setEmail(typed.email ?? ''));
  const [touched, setTouched] = useState(false);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const cooldown = useCooldown(COOLDOWN_KEYS.forgotPassword, FORGOT_PASSWORD_COOLDOWN_S);

  const check = (value: string) => fieldErrors(EmailOnlySchema, { email: value }).email;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    const found = check(email);
    setEmailError(found);
    if (found) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    if (cooldown.remaining > 0) {
      setResult({ kind: 'error', text: t.resetCooldown(cooldown.remaining) });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await forgotPassword(email.trim());
      setResult({ kind: 'success', text: t.resetLinkSent });
      cooldown.start();
    } catch (e) {
      setResult({ kind: 'error', text: serverMessageOr(e, t.resetEmailFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="auth-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <EmailField
        value={email}
        error={emailError}
        disabled={busy}
        onValueChange={(value) => {
          setEmail(value);
          if (touched) setEmailError(check(value));
        }}
        onBlur={() => {
          setTouched(true);
          setEmailError(check(email));
        }}
      />
      {result?.kind === 'success' && (
        <p role="status" className="form-success">
          {result.text}
        </p>
      )}
      {result?.kind === 'error' && (
        <p role="alert" className="form-error">
          {result.text}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t.sending : t.sendResetLink}
      </button>
      <p className="auth-links">
        <Link to="/login">Back to login</Link>
      </p>
    </form>
  );
}
