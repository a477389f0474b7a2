/**
 * The one pacer of queued mail in a process: the result-mail worker and the family-mail worker take their
 * sending slots here, so together they stay at RESULT_MAIL_SEND_RATE (the process's share of the SES
 * account's rate; infra divides the stage's rate between every mail worker's concurrent batches).
 */
import { getConfig } from '../lib/config';

/** The next moment this process may send, epoch ms. */
let nextSendAt = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for this process's next sending slot, unless it would come after `latest`: then false and no slot
 * is taken. Slots are RESULT_MAIL_SEND_RATE per second, shared by every batch of every mail worker the
 * process runs at once.
 */
export async function takeSendSlot(latest: number): Promise<boolean> {
  const interval = 1000 / getConfig().RESULT_MAIL_SEND_RATE;
  const now = Date.now();
  const at = Math.max(now, nextSendAt);
  if (at > latest) return false;
  nextSendAt = at + interval;
  if (at > now) await sleep(at - now);
  return true;
}
