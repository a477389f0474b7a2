/**
 * The resend block of /check-email and /verify-notice (spec §2, §8): a resend button with its persisted
 * 60-second cooldown; with `askEmail` it first asks for the address (an expired link carries none).
 */
import { useState, type FormEvent } from 'react';
import { EmailOnlySchema, fieldErrors, RESEND_VERIFICATION_COOLDOWN_S } from '@club/shared';
import { TextField } from '../../components/form-field';
import { ApiError } from '../../lib/api-client';
import { resendVerification } from './api';
import { authMessages as t } from './messages';
import { COOLDOWN_KEYS, useCooldown } from './use-cooldown';

export function VerificationResend({
  email: carried,
  askEmail = false,
}: {
  email?: string;
  askEmail?: boolean;
}) {
  const [email, setEmail] = useState(carried ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'resending' | 'sent' | 'error'>('idle');
  const [error, setError] = useState('');
  const cooldown = useCooldown(COOLDOWN_KEYS.resendVerification, RESEND_VERIFICATION_COOLDOWN_S);

  async function resend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (askEmail) {
      const found = fieldErrors(EmailOnlySchema, { email }).email;
      setEmailError(found);
      if (found) return;
    }
    setState('resending');
    try {
      await resendVerification(email.trim());
      setState('sent');
      cooldown.start();
    } catch (e) {
      if (e instanceof ApiError) setError(e.serverMessage ?? t.resendFailed);
      else setError(t.serverError);
      setState('error');
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void resend(e)}>
      {askEmail && (
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={emailError}
          onValueChange={setEmail}
          onBlur={() => setEmailError(fieldErrors(EmailOnlySchema, { email }).email)}
        />
      )}
      <button type="submit" className="button" disabled={state === 'resending' || cooldown.remaining > 0}>
        {state === 'resending' ? t.sending : t.resendVerification}
      </button>
      {cooldown.remaining > 0 && (
        <p className="form-note" aria-live="polite">
          {t.resendCooldown(cooldown.remaining)}
        </p>
      )}
      {state === 'sent' && (
        <p role="status" className="form-success">
          {t.verificationSent}
        </p>
      )}
      {state === 'error' && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}
