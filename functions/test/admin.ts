/**
 * Test helpers for the admin area: an administrator's token, a season's worth of registrations written
 * straight to the table (hundreds in a second; registering through the API has its own tests), the
 * result-mail worker running against this file's queue, and reading the mail emulator for many addresses.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import type { AgeGroup, PaymentMethod, TryoutResult } from '@club/shared';
import { db, tableName } from '../src/db/client';
import { keys, tryoutId } from '../src/db/keys';
import type { TryoutItem } from '../src/db/tryouts';
import { startResultMailPoller, type ResultMailPoller } from '../../scripts/src/local/result-mail-poller';
import { uniqueEmail } from './accounts';
import type { ReceivedMail } from './mailbox';
import { createPlayer, type TestPlayer } from './players';

/** A signed-in administrator (the flag is in the table too, where the admin check re-reads it). */
export function createAdmin(): Promise<TestPlayer> {
  return createPlayer({ is_admin: true, first_name: 'Morgan', last_name: 'Admin' });
}

export interface SeededRow {
  id: string;
  userId: string;
  email: string;
  name: string;
  tryoutNumber: number;
}

/**
 * Writes `count` registrations to a season (25 per BatchWrite), numbered from `firstNumber`, each with its
 * own e-mail, the given result (a decided result gets result_version 1, as setting it through the API
 * would) and payment method.
 */
export async function seedRegistrations(
  seasonId: string,
  count: number,
  options: {
    result?: TryoutResult | '';
    payment_method?: PaymentMethod;
    age_group?: AgeGroup;
    firstNumber?: number;
    overrides?: (i: number) => Partial<TryoutItem>;
  } = {},
): Promise<SeededRow[]> {
  const result = options.result ?? '';
  const method = options.payment_method ?? 'cash';
  const rows: Array<TryoutItem & Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const userId = randomUUID();
    const item: TryoutItem = {
      id: tryoutId.of(seasonId, userId),
      season_id: seasonId,
      user_id: userId,
      tryout_number: (options.firstNumber ?? 1) + i,
      age_group: options.age_group ?? '15U Boys',
      payment_method: method,
      payment_status: method === 'cash' ? 'cash' : 'paid',
      amount_cents: 4_500,
      attended: false,
      result,
      email_sent: false,
      created_at: new Date().toISOString(),
      first_name: `Player${i}`,
      last_name: 'Tester',
      email: uniqueEmail(`p${i}`),
      date_of_birth: '2010-06-15',
      is_under_18: true,
      parent_consent: true,
      phone_number: '7805550134',
      emergency_contact_name: 'Robin Tester',
      emergency_contact_phone: '7805550199',
      emergency_contact_email: 'robin.tester@example.test',
      emergency_contact_relationship: 'parent',
      ...(result === '' ? {} : { result_version: 1 }),
      ...options.overrides?.(i),
    };
    rows.push({
      ...keys.tryout(seasonId, userId),
      ...keys.tryoutsOfUserIndex(userId, seasonId),
      type: 'tryout',
      ...item,
    });
  }
  const batches: Array<typeof rows> = [];
  for (let i = 0; i < rows.length; i += 25) batches.push(rows.slice(i, i + 25));
  await Promise.all(
    batches.map(async (batch) => {
      let pending: Record<string, unknown>[] = batch.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (out.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
      }
    }),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    email: r.email,
    name: `${r.first_name} ${r.last_name}`,
    tryoutNumber: r.tryout_number,
  }));
}

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
