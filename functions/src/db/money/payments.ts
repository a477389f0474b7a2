/**
 * The payment state of card registrations, which only ever moves by conditional writes: checkout attempts and
 * their sessions, what Stripe says happened (applied once, with the event's marker in the same transaction),
 * and the switch of an unpaid card registration to cash.
 */
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AgeGroup, PaymentStatus } from '@club/shared';
import { db, tableName } from '../platform/client';
import { applyOnce, type Marker, type OnceOutcome } from '../platform/exactly-once';
import { keys } from '../platform/keys';
import type { PaymentHistoryEntry, RegistrationItem } from '../registration/registration-item';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';
import { updateTryoutIf } from '../registration/registrations';

/**
 * Starts the next checkout attempt of a payable card registration: attempt `from` → `from + 1`, with the new
 * session's expiry, the old session forgotten (the caller expired it) and the status back to pending. Conditional
 * on the attempt, so of concurrent "pay again" clicks one starts the attempt and the others join it. False when
 * the attempt moved on or the registration is no longer payable.
 */
export async function startCheckoutAttempt(input: {
  seasonId: string;
  playerId: string;
  from: number;
  expiresAt: number;
}): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(input.seasonId, input.playerId),
        UpdateExpression:
          'SET checkout_attempt = :next, checkout_expires_at = :e, payment_status = :pending ' +
          'REMOVE checkout_session_id, checkout_group_id',
        // Never while the card waits for the club's answer about financial support (issue 42).
        ConditionExpression:
          'payment_method = :stripe AND checkout_attempt = :from AND payment_status IN (:pending, :failed) ' +
          'AND attribute_not_exists(held_for_support)',
        ExpressionAttributeValues: {
          ':next': input.from + 1,
          ':from': input.from,
          ':e': input.expiresAt,
          ':stripe': 'stripe',
          ':pending': 'pending',
          ':failed': 'failed',
        },
      }),
    ),
  );
  return written !== null;
}

/**
 * Resumes ONE checkout for several unpaid card registrations of a household (issue 36): in one transaction,
 * the new group is written and each registration moves from its own current attempt to the same next attempt,
 * in the new group, its old session forgotten (the caller settled every one). Each only while it is still
 * that attempt, payable and not withdrawn, so of two clicks one starts it and the other joins; false when any
 * of them moved meanwhile (nothing written).
 */
export async function startFamilyAttempt(input: {
  group: CheckoutGroup;
  members: ReadonlyArray<{ playerId: string; from: number }>;
  next: number;
}): Promise<boolean> {
  const { group } = input;
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.checkoutGroup(group.season_id, group.group_id),
                type: 'checkout-group',
                ...group,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          ...input.members.map((member) => ({
            Update: {
              TableName: tableName(),
              Key: keys.tryout(group.season_id, member.playerId),
              UpdateExpression:
                'SET checkout_attempt = :next, checkout_expires_at = :e, payment_status = :pending, ' +
                'checkout_group_id = :group REMOVE checkout_session_id',
              ConditionExpression:
                'payment_method = :stripe AND checkout_attempt = :from AND payment_status IN (:pending, :failed) ' +
                'AND (attribute_not_exists(withdrawn) OR withdrawn = :no) AND attribute_not_exists(held_for_support)',
              ExpressionAttributeValues: {
                ':next': input.next,
                ':from': member.from,
                ':e': group.expires_at,
                ':group': group.group_id,
                ':stripe': 'stripe',
                ':pending': 'pending',
                ':failed': 'failed',
                ':no': false,
              },
            },
          })),
        ],
      }),
    ),
  );
  return codes === null;
}

/**
 * Stores the session an attempt created, only while that attempt is still the current one (for a family
 * checkout: still the group's). Every create for one attempt returns the same session (same idempotency
 * key), so concurrent savers write the same id.
 */
export async function saveCheckoutSession(input: {
  seasonId: string;
  playerId: string;
  attempt: number;
  sessionId: string;
  groupId?: string;
}): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(input.seasonId, input.playerId),
        UpdateExpression: 'SET checkout_session_id = :sid',
        ConditionExpression: input.groupId
          ? 'checkout_attempt = :attempt AND checkout_group_id = :group'
          : 'checkout_attempt = :attempt',
        ExpressionAttributeValues: {
          ':sid': input.sessionId,
          ':attempt': input.attempt,
          ...(input.groupId ? { ':group': input.groupId } : {}),
        },
      }),
    ),
  );
  return written !== null;
}

/**
 * The registrations a guardian made together and pays for on one Checkout Session, one line item each, in
 * this order. Written once, after its registrations are numbered and before the session is created, and
 * never changed: the session's parameters are read from it, so every create for it is the same create.
 */
export interface CheckoutGroup {
  group_id: string;
  season_id: string;
  /** The guardian who registered and pays. */
  user_id: string;
  email: string;
  members: Array<{
    player_id: string;
    age_group: AgeGroup;
    tryout_number: number;
    amount_cents: number;
  }>;
  /** Its session's expiry, epoch seconds (its members' first attempt). */
  expires_at: number;
  created_at: string;
}

export async function putCheckoutGroup(group: CheckoutGroup): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.checkoutGroup(group.season_id, group.group_id), type: 'checkout-group', ...group },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getCheckoutGroup(seasonId: string, groupId: string): Promise<CheckoutGroup | null> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.checkoutGroup(seasonId, groupId),
      ConsistentRead: true,
    }),
  );
  if (!out.Item) return null;
  const { PK: _pk, SK: _sk, type: _type, ...group } = out.Item;
  return group as CheckoutGroup;
}

/**
 * Turns an unpaid card registration into a cash one (number kept, payment history extended), only while it is
 * still the card attempt whose session the caller closed and its payment is pending or failed: a payment, a new
 * attempt or a switch that landed first makes this refuse. The registration as written, or null when refused.
 */
export async function switchToCash(input: {
  seasonId: string;
  playerId: string;
  attempt: number;
  now: Date;
}): Promise<RegistrationItem | null> {
  return updateTryoutIf(input.seasonId, input.playerId, {
    UpdateExpression:
      'SET payment_method = :cash, payment_status = :cash, ' +
      'payment_history = list_append(if_not_exists(payment_history, :none), :entry) ' +
      'REMOVE checkout_session_id, checkout_expires_at',
    ConditionExpression:
      'payment_method = :stripe AND checkout_attempt = :attempt AND payment_status IN (:pending, :failed)',
    ExpressionAttributeValues: {
      ':cash': 'cash',
      ':stripe': 'stripe',
      ':attempt': input.attempt,
      ':pending': 'pending',
      ':failed': 'failed',
      ':none': [],
      ':entry': [
        {
          status: 'cash',
          source: 'switch-to-cash',
          at: input.now.toISOString(),
        } satisfies PaymentHistoryEntry,
      ],
    },
  });
}

/** What a Checkout Session says happened to a registration's payment. */
export type PaymentChange =
  | { kind: 'paid'; sessionId: string; paymentIntentId: string | null }
  | { kind: 'processing' | 'failed' | 'expired'; sessionId: string };

export type ChangeOutcome = OnceOutcome;

/**
 * Applies a payment change as one conditional update, so repeated, concurrent and out-of-order news changes
 * a registration at most once and never moves 'paid' backwards:
 * - paid: from anything but paid, on a card registration (any of its sessions: the money is in);
 * - processing (completed, settles later): only from pending, for the current session;
 * - failed: only from pending or processing, for the current session;
 * - expired: back to payable (pending, session forgotten) only for the current session, never from paid or
 *   processing.
 * With a webhook event's marker, the change is applied exactly once per event (db/platform/exactly-once.ts): a
 * redelivery is recognised and concurrent deliveries make the change once. Without one (the success page's
 * confirmation, "pay again"), the update's own condition is what keeps it idempotent.
 */
export async function applyPaymentChange(input: {
  seasonId: string;
  playerId: string;
  change: PaymentChange;
  source: string;
  now: Date;
  marker?: Marker;
}): Promise<ChangeOutcome> {
  const key = keys.tryout(input.seasonId, input.playerId);
  const update = changeExpression(input.change, input.source, input.now);
  if (input.marker) return applyOnce(key, update, input.marker, input.now);
  const written = await unlessConditionFails(() =>
    db().send(new UpdateCommand({ TableName: tableName(), Key: key, ...update })),
  );
  return written ? 'changed' : 'unchanged';
}

const STATUS_AFTER: Record<PaymentChange['kind'], PaymentStatus> = {
  paid: 'paid',
  processing: 'processing',
  failed: 'failed',
  expired: 'pending',
};

function changeExpression(change: PaymentChange, source: string, now: Date) {
  const status = STATUS_AFTER[change.kind];
  const history = 'payment_history = list_append(if_not_exists(payment_history, :none), :entry)';
  const common = {
    ':status': status,
    ':sid': change.sessionId,
    ':none': [],
    ':entry': [{ status, source, at: now.toISOString() } satisfies PaymentHistoryEntry],
  };
  switch (change.kind) {
    case 'paid':
      return {
        UpdateExpression: `SET payment_status = :status, paid_at = :at, paid_session_id = :sid, ${history}${
          change.paymentIntentId ? ', payment_intent_id = :pi' : ''
        }`,
        ConditionExpression: 'payment_method = :stripe AND payment_status <> :status',
        ExpressionAttributeValues: {
          ...common,
          ':at': now.toISOString(),
          ':stripe': 'stripe',
          ...(change.paymentIntentId ? { ':pi': change.paymentIntentId } : {}),
        },
      };
    case 'processing':
      return {
        UpdateExpression: `SET payment_status = :status, ${history}`,
        ConditionExpression: 'checkout_session_id = :sid AND payment_status = :pending',
        ExpressionAttributeValues: { ...common, ':pending': 'pending' },
      };
    case 'failed':
      return {
        UpdateExpression: `SET payment_status = :status, ${history}`,
        ConditionExpression: 'checkout_session_id = :sid AND payment_status IN (:pending, :processing)',
        ExpressionAttributeValues: { ...common, ':pending': 'pending', ':processing': 'processing' },
      };
    case 'expired':
      return {
        UpdateExpression: `SET payment_status = :status, ${history} REMOVE checkout_session_id`,
        ConditionExpression: 'checkout_session_id = :sid AND payment_status IN (:status, :failed)',
        ExpressionAttributeValues: { ...common, ':failed': 'failed' },
      };
  }
}
