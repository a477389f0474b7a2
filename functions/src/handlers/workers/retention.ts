/**
 * The daily retention run (issue 19): EventBridge's schedule invokes it in AWS (infra API stack), the local
 * stack at start and once a day. Not an HTTP route. A failure throws, so Lambda retries it and the error
 * alarm fires; every step is idempotent, so a retried or overlapping run finishes what one left.
 */
import { runRetention } from '../../services/privacy/retention';

export async function handler(): Promise<void> {
  await runRetention(new Date());
}
