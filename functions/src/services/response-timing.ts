/**
 * Endpoints that must not reveal whether an e-mail has an account (register, resend, forgot-password) do
 * different work for known and unknown e-mails (a token write and a mail, or nothing). Padding every answer
 * to the same floor keeps that difference out of the response time.
 */
export const ENUMERATION_SAFE_FLOOR_MS = 400;

export async function withMinimumDuration<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const remaining = floorMs - (Date.now() - started);
    if (remaining > 0) await new Promise((r) => setTimeout(r, remaining));
  }
}
