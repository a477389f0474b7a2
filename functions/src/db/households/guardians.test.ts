/**
 * Leaving a household through the db layer, against DynamoDB Local (issue 34): the condition that keeps at
 * least one guardian is what stops the last one, whatever the service read before.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../platform/client';
import { leaveHousehold } from './guardians';
import { keys } from '../platform/keys';

async function put(item: Record<string, unknown>) {
  await db().send(new PutCommand({ TableName: tableName(), Item: item }));
}

async function get(key: Record<string, string>) {
  return (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

/** A household with these guardians (their profiles and entries) and a counted athlete. */
async function householdOf(guardianIds: string[]): Promise<string> {
  const householdId = randomUUID();
  await put({
    ...keys.household(householdId),
    type: 'household',
    id: householdId,
    guardian_count: guardianIds.length,
    athlete_count: 1,
  });
  for (const userId of guardianIds) {
    await put({ ...keys.user(userId), type: 'user', id: userId, household_id: householdId });
    await put({
      ...keys.householdGuardian(householdId, userId),
      type: 'household-guardian',
      user_id: userId,
      joined_at: new Date().toISOString(),
    });
  }
  return householdId;
}

const athletes = { base: 1, ownAthlete: false };

describe('leaveHousehold', () => {
  it('refuses the last guardian and changes nothing', async () => {
    const only = randomUUID();
    const householdId = await householdOf([only]);

    const outcome = await leaveHousehold(only, householdId, athletes);

    expect(outcome).toBe('last');
    expect(await get(keys.household(householdId))).toMatchObject({ guardian_count: 1 });
    expect(await get(keys.householdGuardian(householdId, only))).toBeDefined();
    expect(await get(keys.user(only))).toMatchObject({ household_id: householdId });
  });

  it('lets exactly one of two guardians leaving at the same moment go', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const householdId = await householdOf([a, b]);

    const outcomes = await Promise.all([
      leaveHousehold(a, householdId, athletes),
      leaveHousehold(b, householdId, athletes),
    ]);

    expect(outcomes.sort()).toEqual(['last', 'left']);
    expect(await get(keys.household(householdId))).toMatchObject({ guardian_count: 1 });
  });
});
