/**
 * Endpoints that must not reveal whether an e-mail has an account (register, resend, forgot-password) do
 * different work for known and unknown e-mails (a token write and a mail, or nothing). Padding every answer
 * to the same floor keeps that difference out of the response time.
 */
export const ENUMERATION_SAFE_FLOOR_MS = 400;

/** Runs `work` and answers no sooner than `floorMs` after it started, whether it succeeded or threw. */
export async function withMinimumDuration<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = () => floorMs - (performance.now() - started);
    // A timer may fire a millisecond early, so wait again until the floor has really passed.
    while (left() > 0) await new Promise((r) => setTimeout(r, Math.ceil(left())));
  }
}
