import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from './client';
import { applyOnce, claimWithLease, isMarked, whileClaimed, type ClaimFields } from './exactly-once';
import { keys } from './keys';
import { unlessConditionFails } from './transactions';

/** A registration-shaped item of its own, with a counter the flows below add to. */
async function freshItem(): Promise<Record<string, string>> {
  const key = keys.tryout(randomUUID(), randomUUID());
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, count: 0 } }));
  return key;
}

async function read(key: Record<string, string>): Promise<Record<string, unknown>> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item!;
}

const addOne = { UpdateExpression: 'ADD #count :one', ConditionExpression: 'attribute_exists(PK)' };
const addOneUpdate = {
  ...addOne,
  ExpressionAttributeNames: { '#count': 'count' },
  ExpressionAttributeValues: { ':one': 1 },
};

describe('applyOnce (idempotency markers)', () => {
  it('applies news once however often and however concurrently it arrives, and remembers it', async () => {
    // Prepare
    const key = await freshItem();
    const marker = {
      scope: 'stripe-event' as const,
      id: `evt_${randomUUID()}`,
      detail: { event_type: 'test' },
    };
    const now = new Date();

    // Act
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => applyOnce(key, addOneUpdate, marker, now)),
    );
    const later = await applyOnce(key, addOneUpdate, marker, now);

    // Assess
    expect(outcomes.filter((o) => o === 'changed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(7);
    expect(later).toBe('duplicate');
    expect((await read(key)).count).toBe(1);
    expect(await isMarked(marker)).toBe(true);
  });

  it('marks news whose change does not apply, so it is not looked at again, and changes nothing', async () => {
    // Prepare
    const key = keys.tryout(randomUUID(), randomUUID()); // no such item: the update's condition refuses
    const marker = { scope: 'stripe-event' as const, id: `evt_${randomUUID()}` };

    // Act
    const first = await applyOnce(key, addOneUpdate, marker, new Date());
    const again = await applyOnce(key, addOneUpdate, marker, new Date());

    // Assess
    expect(first).toBe('unchanged');
    expect(again).toBe('duplicate');
    expect(await isMarked(marker)).toBe(true);
    expect(await isMarked({ scope: 'stripe-event', id: `evt_${randomUUID()}` })).toBe(false);
  });
});

describe('claimWithLease and whileClaimed', () => {
  const fields: ClaimFields = {
    state: 'job_state',
    claim: 'job_claim',
    leaseUntil: 'job_lease',
    claimedState: 'busy',
  };
  const tryClaim = (key: Record<string, string>, claim: string, leaseUntil: number, now: number) =>
    unlessConditionFails(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          ...claimWithLease(fields, { claim, leaseUntil, now }, { condition: 'attribute_exists(PK)' }),
        }),
      ),
    );
  const tryFinish = (key: Record<string, string>, claim: string) =>
    unlessConditionFails(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          ...whileClaimed(fields, claim, { set: 'job_state = :done', values: { ':done': 'done' } }),
        }),
      ),
    );

  it('lets one of many concurrent senders claim, keeps others out while the lease lives, and not after', async () => {
    // Prepare
    const key = await freshItem();
    const now = Date.now();
    const claims = Array.from({ length: 6 }, () => randomUUID());

    // Act
    const won = await Promise.all(claims.map((c) => tryClaim(key, c, now + 60_000, now)));
    const duringLease = await tryClaim(key, randomUUID(), now + 120_000, now + 59_999);
    const afterLease = await tryClaim(key, 'late-sender', now + 200_000, now + 60_001);

    // Assess
    expect(won.filter((w) => w !== null)).toHaveLength(1);
    expect(duringLease).toBeNull();
    expect(afterLease).not.toBeNull();
    expect(await read(key)).toMatchObject({ job_state: 'busy', job_claim: 'late-sender' });
  });

  it('records an outcome only for the claim that holds, and lets the claim go with it', async () => {
    // Prepare
    const key = await freshItem();
    const now = Date.now();
    await tryClaim(key, 'first', now + 60_000, now);

    // Act
    const stranger = await tryFinish(key, 'someone-else');
    const holder = await tryFinish(key, 'first');
    const twice = await tryFinish(key, 'first');

    // Assess
    expect(stranger).toBeNull();
    expect(holder).not.toBeNull();
    expect(twice).toBeNull();
    const item = await read(key);
    expect(item.job_state).toBe('done');
    expect(item).not.toHaveProperty('job_claim');
    expect(item).not.toHaveProperty('job_lease');
  });
});
