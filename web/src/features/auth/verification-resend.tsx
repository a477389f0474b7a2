/**
 * The resend block of /check-email and /verify-notice (spec §2, §8): a resend button with its persisted
 * 60-second cooldown; with `askEmail` it first asks for the address (an expired link carries none).
 */
import { useState, type FormEvent } from 'react';
import { useEarlyValues } from '../../lib/early-values';
import { EmailOnlySchema, fieldErrors } from '@club/shared';
import { EmailField } from '../../components/email-field';
import { authMessages as t } from './messages';
import { useResendVerification } from './use-resend-verification';

export function VerificationResend({
  email: carried,
  askEmail = false,
}: {
  email?: string;
  askEmail?: boolean;
}) {
  const [email, setEmail] = useState(carried ?? '');
  // What was typed before the prerendered page hydrated (issue 20).
  useEarlyValues(['email'], (typed) => setEmail(typed.email ?? ''));
  const [emailError, setEmailError] = useState<string | undefined>();
  const { state, error, cooldownRemaining, resend } = useResendVerification(t.serverError);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (askEmail) {
      const found = fieldErrors(EmailOnlySchema, { email }).email;
      setEmailError(found);
      if (found) return;
    }
    await resend(email);
  }

  return (
    <form className="auth-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      {askEmail && (
        <EmailField
          value={email}
          error={emailError}
          onValueChange={setEmail}
          onBlur={() => setEmailError(fieldErrors(EmailOnlySchema, { email }).email)}
        />
      )}
      <button type="submit" className="button" disabled={state === 'resending' || cooldownRemaining > 0}>
        {state === 'resending' ? t.sending : t.resendVerification}
      </button>
      {cooldownRemaining > 0 && (
        <p className="form-note" aria-live="polite">
          {t.resendCooldown(cooldownRemaining)}
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
