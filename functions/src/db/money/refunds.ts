/**
 * Refunds and disputes of a registration's payment. The registration keeps two counters: what was asked back
 * (`refund_reserved_cents`, pending card refunds included) and what went back (`amount_refunded_cents`). Each
 * refund is its own item in the season's partition, whose key is the refund's idempotency: the admin's key,
 * or Stripe's refund id for one made in Stripe's dashboard. Every step is one transaction of the refund item
 * and the registration, so:
 * - a refund is reserved only while what was asked back before it, plus it, stays within what was paid
 *   (the condition reads the counter DynamoDB is about to add to, so concurrent refunds with different keys
 *   can never together pass what was paid);
 * - the same key reserves once (its item exists), however often and however concurrently it is sent;
 * - a reserved card refund is completed once (pending → succeeded) by whichever of the admin's answer and
 *   Stripe's event comes first, and released (item gone, reservation given back) only when Stripe refused it.
 * Refunds and disputes made in Stripe's dashboard are recorded by db/money/outside-refunds.ts.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { RefundRecord } from '@club/shared';
import { auditPut, type AuditBy } from '../platform/audit';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { transactOrConditionCodes } from '../platform/transactions';

export interface RefundItem extends RefundRecord {
  season_id: string;
  player_id: string;
  /** Who made it: the admin's account id, or 'stripe-dashboard'. */
  made_by: string;
}

/** The namespace of the refunds an admin made (their screen's key); `stripe:` names Stripe's own. */
export const ADMIN_REFUND_KEY = 'admin:';

/** A refund item without its table keys (also for the season's one Query, db/seasons/season-partition.ts). */
export function toRefund(item: Record<string, unknown>): RefundItem {
  const { PK: _pk, SK: _sk, type: _type, ...refund } = item;
  return refund as unknown as RefundItem;
}

/** A refund as the admin and the receipt show it. */
export function toRefundRecord(refund: RefundItem): RefundRecord {
  return {
    key: refund.key,
    amount_cents: refund.amount_cents,
    method: refund.method,
    status: refund.status,
    reason: refund.reason,
    created_at: refund.created_at,
    ...(refund.stripe_refund_id ? { stripe_refund_id: refund.stripe_refund_id } : {}),
    ...(refund.instalment ? { instalment: refund.instalment } : {}),
    ...(refund.status === 'pending' && refund.key.startsWith(ADMIN_REFUND_KEY)
      ? { retry_key: refund.key.slice(ADMIN_REFUND_KEY.length) }
      : {}),
  };
}

const CONDITION_FAILED = 'ConditionalCheckFailed';

export async function getRefund(seasonId: string, playerId: string, key: string): Promise<RefundItem | null> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.refund(seasonId, playerId, key),
      ConsistentRead: true,
    }),
  );
  return out.Item ? toRefund(out.Item) : null;
}

/** A registration's refunds, oldest first. */
export async function listRefunds(seasonId: string, playerId: string): Promise<RefundItem[]> {
  const { PK, SKPrefix } = keys.refundsOf(seasonId, playerId);
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map(toRefund).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/**
 * Reserves a refund the admin asked for: the refund's item (pending for a card, succeeded for cash, which is
 * only recorded) and the registration's reservation, in one transaction, only while the registration is paid
 * by this method and what was asked back before stays at or under `paid - amount`.
 * 'duplicate' when the key was used before (nothing changed), 'refused' when the registration's condition
 * did not hold (not paid, or too much asked back by then).
 */
export async function reserveRefund(input: {
  refund: RefundItem;
  paidCents: number;
  /** What the registration had reserved when the admin's refund was judged: the audit's `before`. */
  reservedBefore: number;
  by: AuditBy;
  tryoutId: string;
}): Promise<'reserved' | 'duplicate' | 'refused'> {
  const { refund } = input;
  // Cash and e-Transfer (issue 46) are given back by the club itself: done as recorded, nothing to ask Stripe.
  const cash = refund.method !== 'stripe';
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.tryout(refund.season_id, refund.player_id),
              UpdateExpression: cash
                ? 'ADD refund_reserved_cents :amount, amount_refunded_cents :amount'
                : 'ADD refund_reserved_cents :amount',
              ConditionExpression:
                'attribute_exists(PK) AND payment_status = :paid AND payment_method = :method AND amount_cents = :paidCents ' +
                'AND (attribute_not_exists(refund_reserved_cents) OR refund_reserved_cents <= :maxBefore) ' +
                // Exactly what was judged, so the audit entry's "before" is true (a refund landing between
                // the read and the write makes the admin's judged again).
                (input.reservedBefore === 0
                  ? 'AND (attribute_not_exists(refund_reserved_cents) OR refund_reserved_cents = :seen)'
                  : 'AND refund_reserved_cents = :seen'),
              ExpressionAttributeValues: {
                ':seen': input.reservedBefore,
                ':amount': refund.amount_cents,
                ':paid': 'paid',
                ':method': refund.method,
                ':paidCents': input.paidCents,
                ':maxBefore': input.paidCents - refund.amount_cents,
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.refund(refund.season_id, refund.player_id, refund.key),
                type: 'refund',
                ...refund,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          auditPut(
            input.by,
            {
              action: 'refund',
              seasonId: refund.season_id,
              playerId: refund.player_id,
              tryoutId: input.tryoutId,
            },
            { refund_reserved_cents: input.reservedBefore },
            {
              refund_reserved_cents: input.reservedBefore + refund.amount_cents,
              amount_cents: refund.amount_cents,
              method: refund.method,
            },
          ),
        ],
      }),
    ),
  );
  if (!codes) return 'reserved';
  if (codes[1] === CONDITION_FAILED) return 'duplicate';
  if (codes[0] === CONDITION_FAILED) return 'refused';
  throw new Error(`Refund reservation failed: ${codes.join(',')}`);
}

/**
 * A reserved card refund went through: pending → succeeded with Stripe's id, and the registration's refunded
 * amount goes up, once (the admin's answer and Stripe's event may both say so, in either order).
 */
export async function completeRefund(input: {
  seasonId: string;
  playerId: string;
  key: string;
  stripeRefundId: string;
}): Promise<'changed' | 'unchanged'> {
  const refund = await getRefund(input.seasonId, input.playerId, input.key);
  if (!refund || refund.status !== 'pending') return 'unchanged';
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.refund(input.seasonId, input.playerId, input.key),
              UpdateExpression: 'SET #status = :succeeded, stripe_refund_id = :rid',
              ConditionExpression: '#status = :pending AND amount_cents = :amount',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':succeeded': 'succeeded',
                ':pending': 'pending',
                ':rid': input.stripeRefundId,
                ':amount': refund.amount_cents,
              },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.tryout(input.seasonId, input.playerId),
              UpdateExpression: 'ADD amount_refunded_cents :amount',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':amount': refund.amount_cents },
            },
          },
        ],
      }),
    ),
  );
  return codes ? 'unchanged' : 'changed';
}

/**
 * Stripe refused a reserved card refund: its item goes and its reservation is given back, once, with an audit
 * entry that corrects the one its reservation wrote (issue 34: no refund stays in the history as made when
 * no money went back). The entry is the refund's maker's.
 */
export async function releaseRefund(input: {
  seasonId: string;
  playerId: string;
  key: string;
  tryoutId: string;
  now: Date;
}): Promise<void> {
  const refund = await getRefund(input.seasonId, input.playerId, input.key);
  if (!refund || refund.status !== 'pending') return;
  await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.refund(input.seasonId, input.playerId, input.key),
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':pending': 'pending' },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.tryout(input.seasonId, input.playerId),
              UpdateExpression: 'ADD refund_reserved_cents :minus',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':minus': -refund.amount_cents },
            },
          },
          auditPut(
            { actorId: refund.made_by, now: input.now },
            {
              action: 'refund_released',
              seasonId: input.seasonId,
              playerId: input.playerId,
              tryoutId: input.tryoutId,
            },
            { status: 'pending', amount_cents: refund.amount_cents, method: refund.method },
            { status: 'refused', amount_cents: 0, method: refund.method },
          ),
        ],
      }),
    ),
  );
}

/**
 * A season's card refunds still waiting for Stripe's answer (one Query of the season's refunds): those a
 * crash or a lost answer left pending, for the sweep to settle (issue 34).
 */
export async function pendingRefundsOfSeason(seasonId: string): Promise<RefundItem[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': keys.seasonPartition(seasonId).PK,
      ':prefix': keys.refundSKPrefix,
      ':pending': 'pending',
    },
    ConsistentRead: true,
  });
  return items.map(toRefund);
}
