import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left before a stored deadline. */
function secondsLeft(storageKey: string, now: number = Date.now()): number {
  const until = Number(localStorage.getItem(storageKey));
  if (!Number.isFinite(until) || until <= now) return 0;
  return Math.ceil((until - now) / 1000);
}

/**
 * A cooldown kept across reloads by a stored deadline (spec §4): `remaining` counts down each second and
 * `start()` begins a new one.
 */
export function useCooldown(storageKey: string, seconds: number): { remaining: number; start(): void } {
  const [remaining, setRemaining] = useState(() => secondsLeft(storageKey));

  const running = remaining > 0;
  useEffect(() => {
    if (!running) return;
    // Read from the stored deadline now and each tick, so a slow or sleeping tab, or a countdown that starts
    // late, never drifts.
    const tick = () => setRemaining(secondsLeft(storageKey));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [running, storageKey]);

  const start = useCallback(() => {
    localStorage.setItem(storageKey, String(Date.now() + seconds * 1000));
    setRemaining(seconds);
  }, [storageKey, seconds]);

  return { remaining, start };
}

/** Storage keys of the two persisted cooldowns. */
export const COOLDOWN_KEYS = {
  resendVerification: 'resendVerificationCooldownUntil',
  forgotPassword: 'forgotPasswordCooldownUntil',
} as const;
