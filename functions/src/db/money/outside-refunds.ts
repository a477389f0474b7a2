/**
 * Refunds and disputes made outside the product, in Stripe's dashboard, recorded as Stripe reports them (the
 * webhook's charge.refunded and charge.dispute.* events): the money already moved, so nothing is reserved.
 * The refunds the admin makes here are db/money/refunds.ts.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import type { RefundItem } from './refunds';
import { transactOrConditionCodes } from '../platform/transactions';
import type { RegistrationItem } from '../registration/registration-item';
import { updateTryoutIf } from '../registration/registrations';

/**
 * A refund made outside the product (Stripe's dashboard): the money already went back, so it is recorded
 * as it is (no limit to check: Stripe never refunds more than was charged), once per Stripe refund id. A
 * refund of a family payment split across its registrations (issue 34) is recorded in one transaction, every
 * part or none, so a retried event finds it whole or not at all.
 */
export async function recordOutsideRefund(
  parts: RefundItem | readonly RefundItem[],
): Promise<'changed' | 'unchanged'> {
  const items = [parts].flat() as RefundItem[];
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: items.flatMap((refund) => [
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
          {
            Update: {
              TableName: tableName(),
              Key: keys.tryout(refund.season_id, refund.player_id),
              UpdateExpression: 'ADD refund_reserved_cents :amount, amount_refunded_cents :amount',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':amount': refund.amount_cents },
            },
          },
        ]),
      }),
    ),
  );
  return codes ? 'unchanged' : 'changed';
}

/**
 * A refund made in Stripe's dashboard that the payment's registrations cannot hold (issue 34): the amount
 * left over is put on the registration for the admin's screen ("to reconcile with Stripe"), once per Stripe
 * refund id.
 */
export async function flagUnreconciledRefund(
  tryout: Pick<RegistrationItem, 'season_id' | 'player_id'>,
  input: { refundId: string; amountCents: number },
): Promise<void> {
  await updateTryoutIf(tryout.season_id, tryout.player_id, {
    UpdateExpression: 'ADD unreconciled_refund_ids :ids, unreconciled_refund_cents :cents',
    ConditionExpression:
      'attribute_exists(PK) AND (attribute_not_exists(unreconciled_refund_ids) OR NOT contains(unreconciled_refund_ids, :id))',
    ExpressionAttributeValues: {
      ':ids': new Set([input.refundId]),
      ':id': input.refundId,
      ':cents': input.amountCents,
    },
  });
}

/**
 * A card payment's dispute as Stripe reports it (opened, then won or lost): the registration shows it to the
 * admin. Repeated news writes the same values.
 */
export async function recordDispute(input: {
  seasonId: string;
  playerId: string;
  disputeId: string;
  status: string;
  now: Date;
}): Promise<RegistrationItem | null> {
  return updateTryoutIf(input.seasonId, input.playerId, {
    UpdateExpression:
      'SET dispute_id = :id, dispute_status = :status, disputed_at = if_not_exists(disputed_at, :at)',
    ConditionExpression: 'attribute_exists(PK) AND payment_method = :stripe',
    ExpressionAttributeValues: {
      ':id': input.disputeId,
      ':status': input.status,
      ':at': input.now.toISOString(),
      ':stripe': 'stripe',
    },
  });
}
