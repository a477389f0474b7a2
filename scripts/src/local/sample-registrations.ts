/**
 * A season's worth of sample registrations written straight to the table (25 per BatchWrite): hundreds in a
 * second, for the functions tests and the bench. Registering through the API has its own tests. Uses the
 * functions' table client, so the environment must point at the table (TABLE_NAME, DYNAMODB_ENDPOINT).
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tryoutId, type AgeGroup, type PaymentMethod, type TryoutResult } from '@club/shared';
import { db, tableName } from '@club/functions/db/platform/client';
import { keys } from '@club/functions/db/platform/keys';
import type { RegistrationItem } from '@club/functions/db/registration/registration-item';

export interface SampleRow {
  id: string;
  userId: string;
  email: string;
  name: string;
  tryoutNumber: number;
}

/**
 * Writes `count` registrations to a season, numbered from `firstNumber`, each with its own e-mail, the given
 * result (a decided result gets result_version 1, as setting it through the API would) and payment method.
 */
export async function writeSampleRegistrations(
  seasonId: string,
  count: number,
  options: {
    result?: TryoutResult | '';
    payment_method?: PaymentMethod;
    age_group?: AgeGroup;
    firstNumber?: number;
    /** Domain of the sample e-mails. */
    emailDomain?: string;
    overrides?: (i: number) => Partial<RegistrationItem>;
  } = {},
): Promise<SampleRow[]> {
  const result = options.result ?? '';
  const method = options.payment_method ?? 'cash';
  const items: RegistrationItem[] = [];
  for (let i = 0; i < count; i++) {
    const userId = randomUUID();
    items.push({
      id: tryoutId.of(seasonId, userId),
      season_id: seasonId,
      player_id: userId,
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
      email: `p${i}-${userId.slice(0, 12)}@${options.emailDomain ?? 'example.test'}`,
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
    });
  }
  const batches: RegistrationItem[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await Promise.all(
    batches.map(async (batch) => {
      let pending: Record<string, unknown>[] = batch.map((item) => ({
        PutRequest: {
          Item: {
            ...keys.tryout(seasonId, item.player_id),
            ...keys.tryoutsOfUserIndex(item.user_id, seasonId),
            type: 'tryout',
            ...item,
          },
        },
      }));
      while (pending.length) {
        const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (out.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
      }
    }),
  );
  return items.map((t) => ({
    id: t.id,
    userId: t.user_id,
    email: t.email,
    name: `${t.first_name} ${t.last_name}`,
    tryoutNumber: t.tryout_number,
  }));
}
