/**
 * Markers of the Stripe webhook events already processed, so a redelivered or replayed event changes nothing
 * twice. Stripe retries a delivery for up to three days; a marker lives 30 days, then its TTL removes it.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { expiresAt, keys } from './keys';
import { unlessConditionFails } from './transactions';

const MARKER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Reads whether an event was processed (strongly consistent, so a just-finished delivery is seen). */
export async function isStripeEventProcessed(eventId: string): Promise<boolean> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.stripeEvent(eventId),
      ProjectionExpression: 'PK',
      ConsistentRead: true,
    }),
  );
  return out.Item !== undefined;
}

/**
 * The transaction item that records an event as processed, only if no delivery recorded it first: put in the
 * same transaction as the change the event makes, so of concurrent deliveries exactly one makes it.
 */
export function stripeEventMarkerPut(event: { id: string; type: string }, now: Date) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.stripeEvent(event.id),
        type: 'stripe-event',
        event_type: event.type,
        processed_at: now.toISOString(),
        expiresAt: expiresAt(new Date(now.getTime() + MARKER_TTL_MS)),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Records an event that changed nothing as processed (a conditional put: the first record is kept, a
 * concurrent delivery's record is not an error).
 */
export async function recordStripeEvent(event: { id: string; type: string }, now: Date): Promise<void> {
  await unlessConditionFails(() => db().send(new PutCommand(stripeEventMarkerPut(event, now).Put)));
}
