/**
 * The season's numbering turn (docs/decisions/0067-numbers-given-in-batches.md): who numbers the waiting
 * registrations now, and until when. One conditional write takes it (refused cheaply while another holds it),
 * its holder renews it and gives it back; a holder that dies holds it for TURN_MS at most.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { unlessConditionFails } from '../platform/transactions';

/**
 * How long the numbering turn lasts between renewals: its holder renews it before a batch starts in its
 * second half. One that dies holding it costs the registrations behind it one wait of this length, once.
 */
export const TURN_MS = 1_000;

/**
 * Takes the season's numbering turn, unless another request holds it (one conditional write, refused
 * cheaply). Only one request numbers at a time, so batches do not cancel each other; correctness rests on
 * the batch's conditions alone, and a holder that dies holds the turn for TURN_MS at most.
 */
export async function takeTurn(seasonId: string): Promise<string | null> {
  const now = Date.now();
  const holder = randomUUID();
  const taken = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.numberingTurn(seasonId),
        UpdateExpression: 'SET held_until = :until, holder = :holder, #type = :type',
        ConditionExpression: 'attribute_not_exists(held_until) OR held_until < :now',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':until': now + TURN_MS,
          ':now': now,
          ':holder': holder,
          ':type': 'tryout-numbering',
        },
      }),
    ),
  );
  return taken === null ? null : holder;
}

/** Keeps the turn for another TURN_MS, while it is still this holder's; false when it is not. */
export async function renewTurn(seasonId: string, holder: string): Promise<boolean> {
  const renewed = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.numberingTurn(seasonId),
        UpdateExpression: 'SET held_until = :until',
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':until': Date.now() + TURN_MS, ':holder': holder },
      }),
    ),
  );
  return renewed !== null;
}

/**
 * Gives the turn back, so the next request numbers at once (a failure costs the next one TURN_MS), unless it
 * has passed to another holder meanwhile.
 */
export async function endTurn(seasonId: string, holder: string): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.numberingTurn(seasonId),
        UpdateExpression: 'SET held_until = :free',
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':free': 0, ':holder': holder },
      }),
    ),
  ).catch(() => undefined);
}
