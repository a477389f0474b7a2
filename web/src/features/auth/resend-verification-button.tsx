/** The resend button under a login error that asks to verify the e-mail (spec §8). */
import { authMessages as t } from './messages';
import { useResendVerification } from './use-resend-verification';

export function ResendVerificationButton({ email }: { email: string }) {
  const { state, error, cooldownRemaining, resend } = useResendVerification(t.resendFailed);

  const label =
    state === 'resending'
      ? t.sending
      : cooldownRemaining > 0
        ? t.resendVerificationCooldown(cooldownRemaining)
        : t.resendVerification;

  return (
    <div className="resend-verification">
      <button
        type="button"
        className="button button-secondary"
        disabled={state === 'resending' || cooldownRemaining > 0}
        onClick={() => void resend(email)}
      >
        {label}
      </button>
      {state === 'sent' && (
        <div role="status" className="form-success">
          <p>{t.verificationResent}</p>
          <p>{t.verificationResentDetail}</p>
        </div>
      )}
      {state === 'error' && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
