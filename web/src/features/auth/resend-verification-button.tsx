/** The resend button under a login error that asks to verify the e-mail (spec §8). */
import { useState } from 'react';
import { RESEND_VERIFICATION_COOLDOWN_S } from '@club/shared';
import { resendVerification } from './api';
import { serverMessageOr } from './errors';
import { authMessages as t } from './messages';
import { COOLDOWN_KEYS, useCooldown } from './use-cooldown';

export function ResendVerificationButton({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'resending' | 'sent' | 'error'>('idle');
  const [error, setError] = useState('');
  const cooldown = useCooldown(COOLDOWN_KEYS.resendVerification, RESEND_VERIFICATION_COOLDOWN_S);

  async function resend() {
    setState('resending');
    try {
      await resendVerification(email.trim());
      setState('sent');
      cooldown.start();
    } catch (e) {
      setError(serverMessageOr(e, t.resendFailed));
      setState('error');
    }
  }

  const label =
    state === 'resending'
      ? t.sending
      : cooldown.remaining > 0
        ? t.resendVerificationCooldown(cooldown.remaining)
        : t.resendVerification;

  return (
    <div className="resend-verification">
      <button
        type="button"
        className="button button-secondary"
        disabled={state === 'resending' || cooldown.remaining > 0}
        onClick={() => void resend()}
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
