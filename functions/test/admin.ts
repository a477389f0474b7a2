/**
 * Test helpers for the admin area: an administrator's token, a season's worth of registrations written
 * straight to the table (hundreds in a second; registering through the API has its own tests), the
 * result-mail worker running against this file's queue, and reading the mail emulator for many addresses.
 */
import { inject } from 'vitest';
import type { AdminTryoutRow, SendResultsAnswer } from '@club/shared';
import { startResultMailPoller, type ResultMailPoller } from '../../scripts/src/local/result-mail-poller';
import { writeSampleRegistrations, type SampleRow } from '../../scripts/src/local/sample-registrations';
import { call } from './api';
import type { ReceivedMail } from './mailbox';
import { createPlayer, type TestPlayer } from './players';

/** A signed-in administrator (the flag is in the table too, where the admin check re-reads it). */
export function createAdmin(): Promise<TestPlayer> {
  return createPlayer({ is_admin: true, first_name: 'Morgan', last_name: 'Admin' });
}

export type SeededRow = SampleRow;

/** Sample registrations of a season, written straight to this file's table (see sample-registrations.ts). */
export const seedRegistrations = writeSampleRegistrations;

/** The result-mail worker on this file's queue, as the local stack runs it (see result-mail-poller.ts). */
export function startWorker(
  options: { endpoint?: string; skipRequeue?: boolean } = {},
): Promise<ResultMailPoller> {
  return startResultMailPoller({
    endpoint: options.endpoint ?? inject('queueEndpoint'),
    queueUrl: process.env.RESULT_MAIL_QUEUE_URL!,
    skipRequeue: options.skipRequeue,
  });
}

/** Every message the mail emulator holds, read once. */
export async function allMail(): Promise<ReceivedMail[]> {
  const res = await fetch(`${inject('mailEndpoint')}/store`);
  return ((await res.json()) as { emails: ReceivedMail[] }).emails;
}

/** How many messages each of the addresses received (0 for none). */
export async function mailCounts(addresses: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(addresses.map((a) => [a.toLowerCase(), 0]));
  for (const mail of await allMail()) {
    for (const to of mail.destination.to) {
      const address = /<([^>]+)>/.exec(to)?.[1] ?? to;
      const key = address.toLowerCase();
      if (counts.has(key)) counts.set(key, counts.get(key)! + 1);
    }
  }
  return counts;
}

/**
 * Bulk-mail tests move hundreds of rows through DynamoDB Local on a machine shared with other test runs:
 * the time they may take (a bound on waiting, never an assertion about speed).
 */
export const BULK_TIMEOUT_MS = 180_000;

/** Reads until `done` says yes, or fails after `timeoutMs` with what it last saw. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = BULK_TIMEOUT_MS - 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** An administrator's calls the result-mail tests make, with their answers typed. */
export function adminCalls(token: string) {
  const progress = async (seasonId: string) =>
    (await call('getSendProgress', { token, params: { seasonId } })).body as unknown as SendResultsAnswer;
  return {
    send: async (seasonId: string) => {
      const res = await call('sendResults', { token, params: { seasonId } });
      if (res.status !== 200) throw new Error(`send-results answered ${res.status}: ${res.body.message}`);
      return res.body as unknown as SendResultsAnswer;
    },
    progress,
    /** The progress once nothing is on its way any more. */
    untilDone: (seasonId: string) =>
      waitFor(
        () => progress(seasonId),
        (p) => p.details.queued === 0,
      ),
    rows: async (seasonId: string) =>
      (await call('listTryouts', { token, query: { season_id: seasonId } }))
        .body as unknown as AdminTryoutRow[],
  };
}
