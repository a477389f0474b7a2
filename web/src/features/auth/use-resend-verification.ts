import { useState } from 'react';
import { RESEND_VERIFICATION_COOLDOWN_S } from '@club/shared';
import { ApiError } from '../../lib/api-client';
import { resendVerification } from './api';
import { authMessages as t } from './messages';
import { COOLDOWN_KEYS, useCooldown } from './use-cooldown';

/**
 * Resending the verification e-mail (spec §8): the request's state and error, and the 60-second cooldown the
 * login screen and the verification screens share. `unexpectedError` is said when the request fails without
 * an answer from the server.
 */
export function useResendVerification(unexpectedError: string) {
  const [state, setState] = useState<'idle' | 'resending' | 'sent' | 'error'>('idle');
  const [error, setError] = useState('');
  const cooldown = useCooldown(COOLDOWN_KEYS.resendVerification, RESEND_VERIFICATION_COOLDOWN_S);

  async function resend(email: string) {
    setState('resending');
    try {
      await resendVerification(email.trim());
      setState('sent');
      cooldown.start();
    } catch (e) {
      setError(e instanceof ApiError ? (e.serverMessage ?? t.resendFailed) : unexpectedError);
      setState('error');
    }
  }

  return { state, error, cooldownRemaining: cooldown.remaining, resend };
}
