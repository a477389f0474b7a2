/**
 * The result-mail worker's step (handlers/workers/result-mail.ts): one queue message, paced to the stage's
 * sending rate, claimed, sent once and recorded through the result-mail service's one send.
 */
import { randomUUID } from 'node:crypto';
import { tryoutId } from '@club/shared';

import * as resultMailTable from '../../db/mail/result-mail';
import * as seasonsTable from '../../db/seasons/seasons';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { takeSendSlot } from '../../mail/send-pacing';
import type { QueueMessage, ResultMailMessage } from '../../queue/result-mail-queue';
import { deliverOfferMail } from '../offers/offer-mail';
import { deliverOpeningNotice } from '../seasons/opening-notices';
import { deliverSessionChange } from '../seasons/session-changes';
import { deliverSessionReminder } from '../seasons/session-reminders';
import { CLAIM_BUDGET_MS, CLAIM_LEASE_MS, sendClaimed } from './result-mail';

/** A queue message's schema, for the worker that parses what the queue delivers. */
export { QueueMessageSchema } from '../../queue/result-mail-queue';

export type QueuedMailOutcome = 'done' | 'retry';

/**
 * The worker's step for one queue message: waits its turn at the configured rate, claims the row (nothing
 * to do if the message is a duplicate, the mail went or the result changed), sends and records. 'retry'
 * hands the message back to the queue: out of time before claiming, or the mail service asked to slow down.
 * `deadline` is when the invocation must be done, epoch ms.
 */
export async function deliverQueuedResultMail(
  message: ResultMailMessage,
  deadline: number,
  seasons: Map<string, Promise<seasonsTable.SeasonItem | null>>,
): Promise<QueuedMailOutcome> {
  const named = [{ tryout_id: message.tryout_id, version: message.version }, ...(message.with ?? [])];
  const rows = named.flatMap((r) => {
    const ids = tryoutId.parse(r.tryout_id);
    return ids ? [{ ...ids, version: r.version }] : [];
  });
  const seasonId = rows[0]?.seasonId;
  if (!seasonId || rows.some((r) => r.seasonId !== seasonId)) return 'done';
  if (!(await takeSendSlot(deadline - CLAIM_BUDGET_MS))) return 'retry';
  const claim = randomUUID();
  const now = Date.now();
  const lease = { round: message.round, claim, leaseUntil: now + CLAIM_LEASE_MS, now };
  const claimed = await claimFamily(rows, lease);
  if (!claimed.length) return 'done';
  if (!seasons.has(seasonId)) seasons.set(seasonId, seasonsTable.getSeason(seasonId));
  const season = await seasons.get(seasonId);
  if (!season) {
    await Promise.all(
      claimed.map((row) =>
        resultMailTable.markResultMailFailed({
          seasonId,
          playerId: row.player_id,
          claim,
          reason: 'no-season',
        }),
      ),
    );
    return 'done';
  }
  return (await sendClaimed(claimed, claim, season, deadline, 'queue')) === 'retry' ? 'retry' : 'done';
}

/**
 * Claims a family's rows for the round (nothing to do for a row whose message is a duplicate, whose mail
 * went or whose result changed): all together in one transaction, so a duplicate delivery of the message
 * claims none of them; when one of them is no longer claimable, each of the others on its own. The rows
 * claimed, in the message's order.
 */
async function claimFamily(
  rows: ReadonlyArray<{ seasonId: string; playerId: string; version: number }>,
  lease: { round: string; claim: string; leaseUntil: number; now: number },
): Promise<RegistrationItem[]> {
  if (rows.length > 1) {
    const together = await resultMailTable.claimResultMailsTogether(rows, lease);
    if (together) {
      return rows.flatMap((r) => together.filter((t) => t.player_id === r.playerId));
    }
  }
  const claimed: RegistrationItem[] = [];
  for (const row of rows) {
    const one = await resultMailTable.claimResultMail({ ...row, ...lease });
    if (one) claimed.push(one);
  }
  return claimed;
}

/**
 * The worker's step for any message of the queue: a row's result mail, or an account's "registration is
 * open" mail (issue 18), both at the stage's sending rate.
 */
export async function deliverQueuedMessage(
  message: QueueMessage,
  deadline: number,
  seasons: Map<string, Promise<seasonsTable.SeasonItem | null>>,
): Promise<QueuedMailOutcome> {
  if (!('kind' in message)) return deliverQueuedResultMail(message, deadline, seasons);
  if (!(await takeSendSlot(deadline - CLAIM_BUDGET_MS))) return 'retry';
  if (message.kind === 'session-change') return deliverSessionChange(message, seasons);
  if (message.kind === 'session-reminder') return deliverSessionReminder(message, seasons);
  if (message.kind === 'opening-notice') return deliverOpeningNotice(message, seasons);
  return deliverOfferMail(message, seasons);
}
