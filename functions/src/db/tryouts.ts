/**
 * Tryout registrations (one per player per season, in the season's partition; numbered by
 * db/tryout-numbers.ts), and the payment state of card registrations, which only ever moves by conditional writes.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AgeGroup,
  EmergencyContactRelationship,
  PaymentMethod,
  PaymentStatus,
  TryoutResult,
} from '@club/shared';
import { db, tableName } from './client';
import { keys } from './keys';
import { toRound, type ResultRound } from './result-mail';
import { toSeason, type SeasonItem } from './seasons';
import { stripeEventMarkerPut, recordStripeEvent } from './stripe-events';
import { isConditionFailure, unlessConditionFails, transactOrConditionCodes } from './transactions';

/** One step of a registration's payment, kept so an operator can see how it got where it is. */
export interface PaymentHistoryEntry {
  status: PaymentStatus;
  /** The Stripe event id that made the change, or 'confirm' / 'checkout' when a read of the session did. */
  source: string;
  at: string;
}

export interface TryoutItem {
  /** The public id (keys.ts tryoutId): `<seasonId>.<userId>`. */
  id: string;
  season_id: string;
  user_id: string;
  tryout_number: number;
  age_group: AgeGroup;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  /** The season's fee when the player registered: what a card checkout charges. */
  amount_cents: number;
  attended: boolean;
  result: TryoutResult | '';
  email_sent: boolean;
  created_at: string;
  // The player's details when they registered, so the admin table is one Query, never a read per row.
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string;
  is_under_18: boolean;
  parent_consent: boolean;
  phone_number: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_email: string;
  emergency_contact_relationship: EmergencyContactRelationship;
  // Card registrations only.
  /** The current checkout attempt (1 at registration, +1 per "pay again"): part of its idempotency key. */
  checkout_attempt?: number;
  /** When the current attempt's session expires (epoch seconds; not the item's TTL). */
  checkout_expires_at?: number;
  /** The current attempt's session, once created; removed when it expires. */
  checkout_session_id?: string;
  paid_at?: string;
  payment_intent_id?: string;
  paid_session_id?: string;
  payment_history?: PaymentHistoryEntry[];
  // Cash registrations: when the admin marked the cash collected (payment_status 'paid').
  cash_collected_at?: string;
  // The result and its mail (db/result-mail.ts). Absent attributes read as 0 / none.
  /** Goes up at every change of `result`, so a mail asked for an older result is never sent. */
  result_version?: number;
  /** The mail's last claim and its outcome; absent = not tried (email_sent says whether it went out). */
  mail_state?: ResultMailState;
  /** The round (or resend) that last claimed it: no message of that round or an older one claims it again. */
  mail_round?: string;
  /** The claim's token and its lease's end, epoch ms, while a sender holds it. */
  mail_claim?: string;
  mail_lease_until?: number;
  /** Why the mail failed: the mail service's refusal, or 'unconfirmed:…' (its answer never came). */
  mail_error?: string;
  /** The result_version that was mailed, and when. */
  mailed_version?: number;
  mailed_at?: string;
}

/** A result mail's claim on its row and its outcome: sending (claimed) → sent, or failed. */
export type ResultMailState = 'sending' | 'sent' | 'failed';

export type NewTryout = Omit<TryoutItem, 'tryout_number'>;

const CONDITION_FAILED = 'ConditionalCheckFailed';

/** Reads a player's registration for a season (strongly consistent, so a just-made change is seen). */
export async function getTryout(seasonId: string, userId: string): Promise<TryoutItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.tryout(seasonId, userId), ConsistentRead: true }),
  );
  return out.Item ? toTryout(out.Item) : null;
}

/** A registration item without its table keys. */
export function toTryout(item: Record<string, unknown>): TryoutItem {
  const { PK: _pk, SK: _sk, GSI1PK: _gpk, GSI1SK: _gsk, type: _type, ...tryout } = item;
  return tryout as unknown as TryoutItem;
}

/**
 * Reads a season, its result-mail round and all its registrations with ONE Query of the season's partition (paged inside when it
 * passes 1 MB), never a Scan, sorted by tryout number. Strongly consistent, so a change the admin just made
 * shows. The season is null when there is no such season.
 */
export async function getSeasonWithTryouts(
  seasonId: string,
): Promise<{ season: SeasonItem | null; round: ResultRound | null; tryouts: TryoutItem[] }> {
  let season: SeasonItem | null = null;
  let round: ResultRound | null = null;
  const tryouts: TryoutItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.seasonPartition(seasonId).PK },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const sk = item.SK as string;
      if (sk === keys.seasonItemSK) season = toSeason(item);
      else if (sk === keys.resultRoundSK) round = toRound(item);
      else if (sk.startsWith(keys.tryoutSKPrefix)) tryouts.push(toTryout(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  tryouts.sort((a, b) => a.tryout_number - b.tryout_number);
  return { season, round, tryouts };
}

/**
 * Runs a conditional update of one registration: the item as written, or, when the condition failed, the
 * item as it is now (a strongly consistent read; null when there is none), to tell why.
 */
async function updateTryout(
  seasonId: string,
  userId: string,
  update: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  },
): Promise<{ item: TryoutItem } | { refused: TryoutItem | null }> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(seasonId, userId),
        ...update,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { item: toTryout(out.Attributes!) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { refused: await getTryout(seasonId, userId) };
  }
}

/** Marks a registration attended or not: one conditional update (it must exist); null when it does not. */
export async function setAttended(
  seasonId: string,
  userId: string,
  attended: boolean,
): Promise<TryoutItem | null> {
  const out = await updateTryout(seasonId, userId, {
    UpdateExpression: 'SET attended = :a',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':a': attended },
  });
  return 'item' in out ? out.item : null;
}

/**
 * Sets a registration's result, in any direction. A real change bumps result_version and forgets the mail
 * of the old result (email_sent false, no claim or outcome), in the same conditional update: a message for
 * the old result can no longer claim it, a mail being sent for it can no longer be marked sent (its claim is
 * gone), and the corrected result is mailed by the next send. Setting the result it already has changes nothing. Null when
 * there is no such registration.
 */
export async function setResult(
  seasonId: string,
  userId: string,
  result: TryoutResult | '',
): Promise<TryoutItem | null> {
  const out = await updateTryout(seasonId, userId, {
    UpdateExpression:
      'SET #result = :r, result_version = if_not_exists(result_version, :zero) + :one, email_sent = :false ' +
      'REMOVE mail_state, mail_round, mail_claim, mail_lease_until, mail_error',
    ConditionExpression: 'attribute_exists(PK) AND #result <> :r',
    ExpressionAttributeNames: { '#result': 'result' },
    ExpressionAttributeValues: { ':r': result, ':zero': 0, ':one': 1, ':false': false },
  });
  return 'item' in out ? out.item : out.refused;
}

/**
 * Marks a cash registration's cash collected ('paid', with the time) or, correcting a slip, not collected
 * ('cash'): one update conditional on the registration being a cash one, so a card payment's status is never
 * touched. 'not-found' or 'not-cash' when refused.
 */
export async function setCashCollected(
  seasonId: string,
  userId: string,
  collected: boolean,
  now: Date,
): Promise<TryoutItem | 'not-found' | 'not-cash'> {
  const out = await updateTryout(seasonId, userId, {
    UpdateExpression: collected
      ? 'SET payment_status = :status, cash_collected_at = :at'
      : 'SET payment_status = :status REMOVE cash_collected_at',
    ConditionExpression: 'attribute_exists(PK) AND payment_method = :cash',
    ExpressionAttributeValues: {
      ':cash': 'cash',
      ':status': collected ? 'paid' : 'cash',
      ...(collected ? { ':at': now.toISOString() } : {}),
    },
  });
  if ('item' in out) return out.item;
  return out.refused ? 'not-cash' : 'not-found';
}

/**
 * Starts the next checkout attempt of a payable card registration: attempt `from` → `from + 1`, with the new
 * session's expiry, the old session forgotten (the caller expired it) and the status back to pending. Conditional
 * on the attempt, so of concurrent "pay again" clicks one starts the attempt and the others join it. False when
 * the attempt moved on or the registration is no longer payable.
 */
export async function startCheckoutAttempt(input: {
  seasonId: string;
  userId: string;
  from: number;
  expiresAt: number;
}): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(input.seasonId, input.userId),
        UpdateExpression:
          'SET checkout_attempt = :next, checkout_expires_at = :e, payment_status = :pending REMOVE checkout_session_id',
        ConditionExpression:
          'payment_method = :stripe AND checkout_attempt = :from AND payment_status IN (:pending, :failed)',
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
 * Stores the session an attempt created, only while that attempt is still the current one. Every create for
 * one attempt returns the same session (same idempotency key), so concurrent savers write the same id.
 */
export async function saveCheckoutSession(input: {
  seasonId: string;
  userId: string;
  attempt: number;
  sessionId: string;
}): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(input.seasonId, input.userId),
        UpdateExpression: 'SET checkout_session_id = :sid',
        ConditionExpression: 'checkout_attempt = :attempt',
        ExpressionAttributeValues: { ':sid': input.sessionId, ':attempt': input.attempt },
      }),
    ),
  );
  return written !== null;
}

/**
 * Turns an unpaid card registration into a cash one (number kept, payment history extended), only while it is
 * still the card attempt whose session the caller closed and its payment is pending or failed: a payment, a new
 * attempt or a switch that landed first makes this refuse. The registration as written, or null when refused.
 */
export async function switchToCash(input: {
  seasonId: string;
  userId: string;
  attempt: number;
  now: Date;
}): Promise<TryoutItem | null> {
  const out = await updateTryout(input.seasonId, input.userId, {
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
  return 'item' in out ? out.item : null;
}

/** What a Checkout Session says happened to a registration's payment. */
export type PaymentChange =
  | { kind: 'paid'; sessionId: string; paymentIntentId: string | null }
  | { kind: 'processing' | 'failed' | 'expired'; sessionId: string };

export type ChangeOutcome = 'changed' | 'unchanged' | 'duplicate-event';

/**
 * Applies a payment change as one conditional update, so repeated, concurrent and out-of-order news changes
 * a registration at most once and never moves 'paid' backwards:
 * - paid: from anything but paid, on a card registration (any of its sessions: the money is in);
 * - processing (completed, settles later): only from pending, for the current session;
 * - failed: only from pending or processing, for the current session;
 * - expired: back to payable (pending, session forgotten) only for the current session, never from paid or
 *   processing.
 * With a webhook event, its processed-marker is written in the same transaction (or alone when the change
 * does not apply), so a redelivery is recognised and concurrent deliveries make the change once.
 */
export async function applyPaymentChange(input: {
  seasonId: string;
  userId: string;
  change: PaymentChange;
  source: string;
  now: Date;
  event?: { id: string; type: string };
}): Promise<ChangeOutcome> {
  const update = {
    TableName: tableName(),
    Key: keys.tryout(input.seasonId, input.userId),
    ...changeExpression(input.change, input.source, input.now),
  };
  if (!input.event) {
    try {
      await db().send(new UpdateCommand(update));
      return 'changed';
    } catch (error) {
      if (isConditionFailure(error)) return 'unchanged';
      throw error;
    }
  }
  const event = input.event;
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [{ Update: update }, stripeEventMarkerPut(event, input.now)],
      }),
    ),
  );
  if (!codes) return 'changed';
  if (codes[1] === CONDITION_FAILED) return 'duplicate-event';
  if (codes[0] === CONDITION_FAILED) {
    await recordStripeEvent(event, input.now);
    return 'unchanged';
  }
  throw new Error(`Payment change transaction failed: ${codes.join(',')}`);
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
