/**
 * Refunds of a team fee (issue 45 §4), the same way as a registration's (db/money/refunds.ts): each refund is
 * its own item, `TEAMFEE_REFUND#<playerId>#<key>` in the season's partition, keyed by its idempotency (the
 * admin's key, or Stripe's refund id for one made in Stripe's dashboard), and the offer keeps two counters:
 * what was asked back (`fee_refund_reserved_cents`, pending card refunds included) and what went back
 * (`fee_refunded_cents`). Every step is one transaction of the refund item and the offer, so:
 * - a refund is reserved only while what was asked back before it, plus it, stays within what was paid (the
 *   condition reads the counter DynamoDB is about to add to: concurrent refunds never together pass it);
 * - the same key reserves once, however often and however concurrently it is sent;
 * - a reserved card refund completes once (pending → succeeded) by whichever of the admin's answer and
 *   Stripe's event comes first, and is released only when Stripe refused it.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditBy } from '../platform/audit';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { transactOrConditionCodes } from '../platform/transactions';
import { ADMIN_REFUND_KEY, toRefund, type RefundItem } from './refunds';

export type TeamFeeRefundItem = RefundItem;

const CONDITION_FAILED = 'ConditionalCheckFailed';

export async function getTeamFeeRefund(
  seasonId: string,
  playerId: string,
  key: string,
): Promise<TeamFeeRefundItem | null> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.teamFeeRefund(seasonId, playerId, key),
      ConsistentRead: true,
    }),
  );
  return out.Item ? toRefund(out.Item) : null;
}

/** An offer's team fee refunds, oldest first. */
export async function listTeamFeeRefunds(seasonId: string, playerId: string): Promise<TeamFeeRefundItem[]> {
  const { PK, SKPrefix } = keys.teamFeeRefundsOf(seasonId, playerId);
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

/** Every team fee refund of a season (one Query of the prefix), for the offers board and the sweep. */
export async function teamFeeRefundsOfSeason(seasonId: string): Promise<TeamFeeRefundItem[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.seasonPartition(seasonId).PK,
      ':prefix': keys.teamFeeRefundSKPrefix,
    },
    ConsistentRead: true,
  });
  return items.map(toRefund);
}

/**
 * Reserves a refund the admin asked for: the refund's item (pending for a card, succeeded for cash, which is
 * only recorded) and the offer's reservation, in one transaction with its audit entry, only while the fee is
 * paid by this method and what was asked back before is exactly what was judged and stays within
 * `paid - amount`. 'duplicate' when the key was used before, 'refused' when the offer's condition failed.
 */
export async function reserveTeamFeeRefund(input: {
  refund: TeamFeeRefundItem;
  paidCents: number;
  reservedBefore: number;
  by: AuditBy;
  offerId: string;
}): Promise<'reserved' | 'duplicate' | 'refused'> {
  const { refund } = input;
  const cash = refund.method === 'cash';
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.offer(refund.season_id, refund.player_id),
              UpdateExpression: cash
                ? 'ADD fee_refund_reserved_cents :amount, fee_refunded_cents :amount'
                : 'ADD fee_refund_reserved_cents :amount',
              ConditionExpression:
                'attribute_exists(PK) AND fee_state = :paid AND fee_method = :method AND fee_cents = :paidCents ' +
                'AND (attribute_not_exists(fee_refund_reserved_cents) OR fee_refund_reserved_cents <= :maxBefore) ' +
                (input.reservedBefore === 0
                  ? 'AND (attribute_not_exists(fee_refund_reserved_cents) OR fee_refund_reserved_cents = :seen)'
                  : 'AND fee_refund_reserved_cents = :seen'),
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
                ...keys.teamFeeRefund(refund.season_id, refund.player_id, refund.key),
                type: 'team-fee-refund',
                ...refund,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          auditPut(
            input.by,
            {
              action: 'team_fee_refund',
              seasonId: refund.season_id,
              playerId: refund.player_id,
              tryoutId: input.offerId,
            },
            { fee_refund_reserved_cents: input.reservedBefore },
            {
              fee_refund_reserved_cents: input.reservedBefore + refund.amount_cents,
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
  throw new Error(`Team fee refund reservation failed: ${codes.join(',')}`);
}

/**
 * Reserves a card refund of ONE instalment payment of a fee paid in instalments (issue 46): the refund's item
 * (naming the instalment), the offer's total reservation and that instalment's own reservation, in one
 * transaction with its audit entry. The instalment's limit is a condition: what was asked back from it before,
 * plus this, stays within what it paid (instalment 1: the plan's first amount, kept on the offer as
 * `fee_first_refund_reserved_cents`, while the fee is on the plan or paid by card; 2..4: the INSTALMENT item's
 * `refund_reserved_cents`, while it is paid its amount). So two refunds of one instalment at once never pass
 * it together, and refunds of two instalments at once both go through. 'duplicate' when the key was used
 * before, 'refused' when a condition failed.
 */
export async function reserveInstalmentRefund(input: {
  refund: TeamFeeRefundItem & { instalment: number };
  paidCents: number;
  by: AuditBy;
  offerId: string;
}): Promise<'reserved' | 'duplicate' | 'refused'> {
  const { refund, paidCents } = input;
  const n = refund.instalment;
  const first = n === 1;
  const limit = 'AND (attribute_not_exists(#reserved) OR #reserved <= :maxBefore)';
  const limitValues = {
    ':amount': refund.amount_cents,
    ':paidCents': paidCents,
    ':maxBefore': paidCents - refund.amount_cents,
  };
  const offerUpdate = {
    Update: {
      TableName: tableName(),
      Key: keys.offer(refund.season_id, refund.player_id),
      UpdateExpression: first
        ? 'ADD fee_refund_reserved_cents :amount, #reserved :amount'
        : 'ADD fee_refund_reserved_cents :amount',
      ConditionExpression:
        'attribute_exists(PK) AND attribute_exists(fee_plan) AND fee_method = :stripe AND ' +
        '(fee_state = :paid OR fee_state = :onPlan)' +
        (first ? ` AND fee_plan.amounts[0] = :paidCents ${limit}` : ''),
      ...(first ? { ExpressionAttributeNames: { '#reserved': 'fee_first_refund_reserved_cents' } } : {}),
      ExpressionAttributeValues: {
        ':stripe': 'stripe',
        ':paid': 'paid',
        ':onPlan': 'on_plan',
        ...(first ? limitValues : { ':amount': refund.amount_cents }),
      },
    },
  };
  const instalmentUpdate = {
    Update: {
      TableName: tableName(),
      Key: keys.instalment(refund.season_id, refund.player_id, n),
      UpdateExpression: 'ADD #reserved :amount',
      ConditionExpression: `attribute_exists(PK) AND #state = :paid AND amount_cents = :paidCents ${limit}`,
      ExpressionAttributeNames: { '#reserved': 'refund_reserved_cents', '#state': 'state' },
      ExpressionAttributeValues: { ...limitValues, ':paid': 'paid' },
    },
  };
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          offerUpdate,
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.teamFeeRefund(refund.season_id, refund.player_id, refund.key),
                type: 'team-fee-refund',
                ...refund,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          auditPut(
            input.by,
            {
              action: 'team_fee_refund',
              seasonId: refund.season_id,
              playerId: refund.player_id,
              tryoutId: input.offerId,
            },
            { instalment: n },
            { instalment: n, amount_cents: refund.amount_cents, method: refund.method },
          ),
          ...(first ? [] : [instalmentUpdate]),
        ],
      }),
    ),
  );
  if (!codes) return 'reserved';
  if (codes[1] === CONDITION_FAILED) return 'duplicate';
  if (codes.includes(CONDITION_FAILED)) return 'refused';
  throw new Error(`Instalment refund reservation failed: ${codes.join(',')}`);
}

/** The reservation an instalment refund holds on its instalment, given back (Stripe refused it). */
function instalmentRelease(refund: TeamFeeRefundItem) {
  const n = refund.instalment;
  if (!n || n === 1) return [];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.instalment(refund.season_id, refund.player_id, n),
        UpdateExpression: 'ADD refund_reserved_cents :minus',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':minus': -refund.amount_cents },
      },
    },
  ];
}

/** A reserved card refund went through: pending → succeeded, and the offer's refunded amount goes up, once. */
export async function completeTeamFeeRefund(input: {
  seasonId: string;
  playerId: string;
  key: string;
  stripeRefundId: string;
}): Promise<'changed' | 'unchanged'> {
  const refund = await getTeamFeeRefund(input.seasonId, input.playerId, input.key);
  if (!refund || refund.status !== 'pending') return 'unchanged';
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.teamFeeRefund(input.seasonId, input.playerId, input.key),
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
              Key: keys.offer(input.seasonId, input.playerId),
              UpdateExpression: 'ADD fee_refunded_cents :amount',
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
 * entry that corrects the one its reservation wrote.
 */
export async function releaseTeamFeeRefund(input: {
  seasonId: string;
  playerId: string;
  key: string;
  offerId: string;
  now: Date;
}): Promise<void> {
  const refund = await getTeamFeeRefund(input.seasonId, input.playerId, input.key);
  if (!refund || refund.status !== 'pending') return;
  await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.teamFeeRefund(input.seasonId, input.playerId, input.key),
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':pending': 'pending' },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.offer(input.seasonId, input.playerId),
              UpdateExpression:
                refund.instalment === 1
                  ? 'ADD fee_refund_reserved_cents :minus, fee_first_refund_reserved_cents :minus'
                  : 'ADD fee_refund_reserved_cents :minus',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':minus': -refund.amount_cents },
            },
          },
          ...instalmentRelease(refund),
          auditPut(
            { actorId: refund.made_by, now: input.now },
            {
              action: 'team_fee_refund_released',
              seasonId: input.seasonId,
              playerId: input.playerId,
              tryoutId: input.offerId,
            },
            { status: 'pending', amount_cents: refund.amount_cents, method: refund.method },
            { status: 'refused', amount_cents: 0, method: refund.method },
          ),
        ],
      }),
    ),
  );
}

export { ADMIN_REFUND_KEY };
