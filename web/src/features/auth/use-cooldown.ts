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
  // Read after the first render, not during it: a prerendered page (issue 20) hydrates with no stored
  // deadline known, exactly as the server rendered it, then shows the cooldown.
  const [remaining, setRemaining] = useState(0);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the stored deadline is read only after hydration.
  useEffect(() => setRemaining(secondsLeft(storageKey)), [storageKey]);

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
