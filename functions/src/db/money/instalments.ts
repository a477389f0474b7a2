/**
 * A team fee in instalments (issue 46 §1). Instalment 1 is the offer's own fee fields (db/money/team-fees.ts);
 * instalments 2..n are `INSTALMENT#<playerId>#<n>` items beside the offer, written in the same transaction that
 * records instalment 1 paid (so they exist once, with the card it saved). Every move of an instalment is one
 * conditional write:
 *
 *   scheduled ──claim──▶ charging ──▶ paid
 *       ▲                   │ ╰────▶ processing ──▶ paid / declined (the webhook)
 *       │                   ╰──────▶ declined ──claim (a retry, a later day)──▶ charging
 *   (any but paid) ──withdraw / rescind──▶ stopped
 *
 * A claim moves `attempts` up from the value read, so two sweeps at once charge once, and the charge's
 * idempotency key names the attempt, so a crash between the charge and its record charges once too.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NOT_RETRIED_DECLINES } from '@club/shared';
import type { OfferItem } from '../offers/offers';
import { db, queryAll, tableName } from '../platform/client';
import { markerPut, markAlone, type Marker, type OnceOutcome } from '../platform/exactly-once';
import { keys } from '../platform/keys';
import { log } from '../../lib/log';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';

/** A later instalment's state as stored ('charging': claimed by the sweep, its charge under way). */
export type StoredInstalmentState = 'scheduled' | 'charging' | 'processing' | 'paid' | 'declined' | 'stopped';

/**
 * The plan an accepted offer keeps (`fee_plan`, copied from its team on acceptance): amounts 1..n, due dates
 * 2..n. Instalment 1 is paid by the fee's checkout; 2..n are INSTALMENT# items.
 */
export type FeePlan = NonNullable<OfferItem['fee_plan']>;

export interface InstalmentItem {
  season_id: string;
  player_id: string;
  /** The offer's public id (ids.ts offerId). */
  offer_id: string;
  n: number;
  amount_cents: number;
  /** `YYYY-MM-DD`, the club's day. */
  due_date: string;
  state: StoredInstalmentState;
  /** How many times the card was charged for it (the charge's key names the attempt). */
  attempts: number;
  /** The card saved at the family's last checkout (Stripe's ids: no card number is kept). */
  customer_id?: string;
  payment_method_id?: string;
  /** The club's day of the last charge: a declined instalment is tried again on a later day. */
  last_attempt_day?: string;
  /** When the current charge was claimed (ISO): one left charging this long ago is tried again, same key. */
  charging_since?: string;
  payment_intent_id?: string;
  paid_at?: string;
  /** What Stripe kept of its payment (cents), once read; absent where Stripe reported none. */
  stripe_fee_cents?: number;
  /** What refunds asked back from this payment (pending card refunds included): never more than it paid. */
  refund_reserved_cents?: number;
  /** Why the card was refused (shared INSTALMENT_DECLINE_REASONS' key). */
  declined_reason?: string;
  /** The attempt whose decline the family was mailed about (once per attempt). */
  mailed_attempt?: number;
  /** When the family was mailed that it is paid (once per instalment). */
  paid_mailed_at?: string;
  /**
   * The family's own checkout of it (its link after a decline): the current attempt, its session, until when
   * its page can be paid (epoch seconds; the sweep charges nothing while one is open) and what it is made from:
   * the paying account (its e-mail is read from the account, so no personal data is kept here) and the line,
   * which names the team and the instalment, not the child.
   */
  checkout_attempt?: number;
  checkout_session_id?: string;
  checkout_expires_at?: number;
  checkout_user_id?: string;
  checkout_line?: string;
}

export function toInstalment(item: Record<string, unknown>): InstalmentItem {
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as unknown as InstalmentItem;
}

/** A player's later instalments, 2..n (one strongly consistent Query of their prefix). */
export async function instalmentsOfPlayer(seasonId: string, playerId: string): Promise<InstalmentItem[]> {
  const { PK, SKPrefix } = keys.instalmentsOf(seasonId, playerId);
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map(toInstalment).sort((a, b) => a.n - b.n);
}

/** Every later instalment of a season (one Query of the prefix, paged inside): the sweep's and the board's read. */
export async function instalmentsOfSeason(seasonId: string): Promise<InstalmentItem[]> {
  const { PK, SKPrefix } = keys.instalmentsOfSeason(seasonId);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
    ConsistentRead: true,
  });
  return items.map(toInstalment);
}

type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

/** The offer's fee is not recorded paid yet: neither in full nor its first instalment. */
export const FEE_UNPAID =
  '(attribute_not_exists(fee_state) OR (fee_state <> :feePaid AND fee_state <> :feeOnPlan))';
export const FEE_UNPAID_VALUES = { ':feePaid': 'paid', ':feeOnPlan': 'on_plan' } as const;

/**
 * Instalment 1 paid by its checkout session: ONE transaction records it on the offer (`on_plan`, what was
 * paid, the payment), puts instalments 2..n (only where none exists) with the card it saved, and, for a
 * webhook event, the event's marker. So a replayed or concurrent event, or the family's return racing the
 * webhook, records it and schedules the rest exactly once. 'unchanged' when the offer's fee was recorded
 * already or the amount is not the plan's first.
 */
export async function recordFirstInstalmentPaid(input: {
  seasonId: string;
  playerId: string;
  offerId: string;
  plan: FeePlan;
  sessionId: string;
  paymentIntentId: string | null;
  card: { customerId: string; paymentMethodId: string } | null;
  now: Date;
  marker?: Marker;
}): Promise<OnceOutcome> {
  const { plan, now } = input;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.offer(input.seasonId, input.playerId),
        UpdateExpression:
          'SET fee_state = :feeOnPlan, fee_method = :stripe, fee_paid_at = :at, fee_paid_session_id = :sid, ' +
          'fee_plan_paid_cents = :first' +
          (input.paymentIntentId ? ', fee_payment_intent_id = :pi' : '') +
          ' REMOVE fee_processing',
        ConditionExpression: `attribute_exists(fee_plan) AND fee_plan.amounts[0] = :first AND ${FEE_UNPAID}`,
        ExpressionAttributeValues: {
          ...FEE_UNPAID_VALUES,
          ':stripe': 'stripe',
          ':at': now.toISOString(),
          ':sid': input.sessionId,
          ':first': plan.amounts[0],
          ...(input.paymentIntentId ? { ':pi': input.paymentIntentId } : {}),
        },
      },
    },
    ...plan.due_dates.map((dueDate, i): TransactItem => ({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.instalment(input.seasonId, input.playerId, i + 2),
          type: 'instalment',
          season_id: input.seasonId,
          player_id: input.playerId,
          offer_id: input.offerId,
          n: i + 2,
          amount_cents: plan.amounts[i + 1],
          due_date: dueDate,
          state: 'scheduled',
          attempts: 0,
          ...(input.card
            ? { customer_id: input.card.customerId, payment_method_id: input.card.paymentMethodId }
            : {}),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    })),
  ];
  if (input.marker) items.push({ Put: markerPut(input.marker, now) });
  const codes = await transactOrConditionCodes(() =>
    db().send(new TransactWriteCommand({ TransactItems: items })),
  );
  if (!codes) return 'changed';
  if (input.marker && codes[items.length - 1] === 'ConditionalCheckFailed') return 'duplicate';
  if (codes.includes('ConditionalCheckFailed')) {
    if (input.marker) await markAlone(input.marker, now);
    return 'unchanged';
  }
  throw new Error(`First instalment transaction failed: ${codes.join(',')}`);
}

/** What the sweep may do with an instalment it read: charge it (a new attempt) or finish a stale charge. */
export type InstalmentClaim = { item: InstalmentItem; fresh: boolean };

/**
 * Claims an instalment for the sweep's charge, in ONE transaction with a check that the offer is still
 * accepted: a new attempt (`attempts` up from the value read: scheduled and due, or declined with retries
 * left and not tried yet today) or a charge left `charging` since before `staleBefore` (same attempt, so the
 * same idempotency key: Stripe answers the same PaymentIntent). Null when another sweep claimed it first, it
 * moved on, or the offer is no longer accepted.
 */
export async function claimInstalment(input: {
  item: InstalmentItem;
  today: string;
  retries: number;
  now: Date;
  staleBefore: Date;
}): Promise<InstalmentClaim | null> {
  const { item, today, now } = input;
  const at = now.toISOString();
  const fresh = item.state !== 'charging';
  const update = fresh
    ? {
        UpdateExpression:
          'SET #state = :charging, attempts = :next, charging_since = :at, last_attempt_day = :today',
        ConditionExpression:
          'attempts = :seen AND ((#state = :scheduled AND due_date <= :today) OR ' +
          '(#state = :declined AND attempts <= :retries AND last_attempt_day < :today AND ' +
          // A decline another try of the card cannot turn is left to the family's link.
          `NOT declined_reason IN (${NOT_RETRIED_DECLINES.map((_, i) => `:notRetried${i}`).join(', ')}))) AND ` +
          // Not while the family's own page for it can still be paid, nor before a page it had is settled
          // (paid there with the news late, or expired: only that news forgets the page).
          'attribute_not_exists(checkout_session_id) AND ' +
          '(attribute_not_exists(checkout_expires_at) OR checkout_expires_at < :nowSec)',
        ExpressionAttributeValues: {
          ':nowSec': Math.floor(now.getTime() / 1000),
          ':charging': 'charging',
          ':next': item.attempts + 1,
          ':at': at,
          ':today': today,
          ':seen': item.attempts,
          ':scheduled': 'scheduled',
          ':declined': 'declined',
          ':retries': input.retries,
          ...Object.fromEntries(NOT_RETRIED_DECLINES.map((reason, i) => [`:notRetried${i}`, reason])),
        },
      }
    : {
        UpdateExpression: 'SET charging_since = :at',
        ConditionExpression: '#state = :charging AND attempts = :seen AND charging_since <= :stale',
        ExpressionAttributeValues: {
          ':charging': 'charging',
          ':at': at,
          ':seen': item.attempts,
          ':stale': input.staleBefore.toISOString(),
        },
      };
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.instalment(item.season_id, item.player_id, item.n),
              ExpressionAttributeNames: { '#state': 'state' },
              ...update,
            },
          },
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.offer(item.season_id, item.player_id),
              ConditionExpression: '#state = :accepted',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: { ':accepted': 'accepted' },
            },
          },
        ],
      }),
    ),
  );
  if (codes) return null;
  return {
    fresh,
    item: fresh
      ? {
          ...item,
          state: 'charging',
          attempts: item.attempts + 1,
          charging_since: at,
          last_attempt_day: today,
        }
      : { ...item, charging_since: at },
  };
}

/**
 * Instalment n paid (the sweep's charge succeeded, its webhook, or the family's checkout for it): ONE
 * transaction moves it to paid from any state but paid (money that landed is recorded even for an instalment
 * stopped meanwhile, for the admin to refund), adds its amount to what the offer's plan has collected, and
 * (news from Stripe) puts the event's marker. So it is recorded once whoever tells first.
 */
export async function recordInstalmentPaid(input: {
  seasonId: string;
  playerId: string;
  n: number;
  amountCents: number;
  paymentIntentId: string | null;
  now: Date;
  marker?: Marker;
}): Promise<OnceOutcome> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.instalment(input.seasonId, input.playerId, input.n),
        UpdateExpression:
          'SET #state = :paid, paid_at = :at' +
          (input.paymentIntentId ? ', payment_intent_id = :pi' : '') +
          ' REMOVE charging_since, declined_reason',
        ConditionExpression: 'attribute_exists(PK) AND #state <> :paid AND amount_cents = :amount',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':paid': 'paid',
          ':at': input.now.toISOString(),
          ':amount': input.amountCents,
          ...(input.paymentIntentId ? { ':pi': input.paymentIntentId } : {}),
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.offer(input.seasonId, input.playerId),
        UpdateExpression: 'SET fee_plan_paid_cents = if_not_exists(fee_plan_paid_cents, :zero) + :amount',
        ConditionExpression: 'attribute_exists(fee_plan)',
        ExpressionAttributeValues: { ':zero': 0, ':amount': input.amountCents },
      },
    },
  ];
  if (input.marker) items.push({ Put: markerPut(input.marker, input.now) });
  const codes = await transactOrConditionCodes(() =>
    db().send(new TransactWriteCommand({ TransactItems: items })),
  );
  // Whoever records, or finds it recorded (news told twice, the other teller first, a crash after the
  // payment's write), settles the plan: its condition makes it once, so no outcome leaves it on_plan.
  if (!codes) {
    await settlePlan(input.seasonId, input.playerId);
    return 'changed';
  }
  if (input.marker && codes[2] === 'ConditionalCheckFailed') {
    await settlePlan(input.seasonId, input.playerId);
    return 'duplicate';
  }
  if (codes.includes('ConditionalCheckFailed')) {
    if (input.marker) await markAlone(input.marker, input.now);
    await settlePlan(input.seasonId, input.playerId);
    await flagSecondPayment(input);
    return 'unchanged';
  }
  throw new Error(`Instalment paid transaction failed: ${codes.join(',')}`);
}

/** A payment for an instalment already paid by another PaymentIntent is money taken twice: the admin refunds one. */
async function flagSecondPayment(input: {
  seasonId: string;
  playerId: string;
  n: number;
  paymentIntentId: string | null;
}): Promise<void> {
  if (!input.paymentIntentId) return;
  const item = await getInstalment(input.seasonId, input.playerId, input.n);
  if (item?.state !== 'paid' || !item.payment_intent_id || item.payment_intent_id === input.paymentIntentId)
    return;
  log.error('instalment paid twice: refund one of the two payments', {
    seasonId: input.seasonId,
    n: input.n,
    recordedPaymentIntentId: item.payment_intent_id,
    secondPaymentIntentId: input.paymentIntentId,
  });
}

/**
 * What Stripe kept of an instalment's payment (issue 46 §3), written once and only on the instalment that
 * payment paid (a condition on its id), for the treasurer's view.
 */
export async function recordInstalmentStripeFee(
  seasonId: string,
  playerId: string,
  n: number,
  paymentIntentId: string,
  feeCents: number,
): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.instalment(seasonId, playerId, n),
        UpdateExpression: 'SET stripe_fee_cents = :fee',
        ConditionExpression:
          'attribute_exists(PK) AND payment_intent_id = :intent AND attribute_not_exists(stripe_fee_cents)',
        ExpressionAttributeValues: { ':fee': feeCents, ':intent': paymentIntentId },
      }),
    ),
  );
  return written !== null;
}

/**
 * The plan's last instalment paid: the offer's fee moves on_plan → paid once what the plan collected is its
 * whole fee (a condition on both, so running it twice, or after every instalment, changes it once).
 */
export async function settlePlan(seasonId: string, playerId: string): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(seasonId, playerId),
        UpdateExpression: 'SET fee_state = :paid',
        ConditionExpression: 'fee_state = :onPlan AND fee_plan_paid_cents >= fee_cents',
        ExpressionAttributeValues: { ':paid': 'paid', ':onPlan': 'on_plan' },
      }),
    ),
  );
  return written !== null;
}

/**
 * A charge of attempt `attempts` refused (the sweep's answer, or the webhook's payment_failed): charging or
 * processing → declined, only for that attempt, so a late failure of an old attempt never undoes a newer one
 * and news told twice changes it once.
 */
export async function recordInstalmentDeclined(input: {
  seasonId: string;
  playerId: string;
  n: number;
  attempts: number;
  reason: string;
  paymentIntentId: string | null;
  now: Date;
  marker?: Marker;
}): Promise<OnceOutcome> {
  const update = {
    UpdateExpression:
      'SET #state = :declined, declined_reason = :reason' +
      (input.paymentIntentId ? ', payment_intent_id = :pi' : '') +
      ' REMOVE charging_since',
    ConditionExpression: '(#state = :charging OR #state = :processing) AND attempts = :attempts',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: {
      ':declined': 'declined',
      ':reason': input.reason,
      ':charging': 'charging',
      ':processing': 'processing',
      ':attempts': input.attempts,
      ...(input.paymentIntentId ? { ':pi': input.paymentIntentId } : {}),
    },
  };
  return writeOnce(keys.instalment(input.seasonId, input.playerId, input.n), update, input.marker, input.now);
}

/** The charge is on its way (Stripe's 'processing'): charging → processing for that attempt; its event ends it. */
export async function recordInstalmentProcessing(input: {
  seasonId: string;
  playerId: string;
  n: number;
  attempts: number;
  paymentIntentId: string;
  now: Date;
}): Promise<OnceOutcome> {
  return writeOnce(
    keys.instalment(input.seasonId, input.playerId, input.n),
    {
      UpdateExpression: 'SET #state = :processing, payment_intent_id = :pi REMOVE charging_since',
      ConditionExpression: '#state = :charging AND attempts = :attempts',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':processing': 'processing',
        ':charging': 'charging',
        ':attempts': input.attempts,
        ':pi': input.paymentIntentId,
      },
    },
    undefined,
    input.now,
  );
}

async function writeOnce(
  key: Record<string, string>,
  update: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  },
  marker: Marker | undefined,
  now: Date,
): Promise<OnceOutcome> {
  if (marker) {
    const codes = await transactOrConditionCodes(() =>
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: { TableName: tableName(), Key: key, ...update } },
            { Put: markerPut(marker, now) },
          ],
        }),
      ),
    );
    if (!codes) return 'changed';
    if (codes[1] === 'ConditionalCheckFailed') return 'duplicate';
    if (codes[0] === 'ConditionalCheckFailed') {
      await markAlone(marker, now);
      return 'unchanged';
    }
    throw new Error(`Instalment transaction failed: ${codes.join(',')}`);
  }
  const written = await unlessConditionFails(() =>
    db().send(new UpdateCommand({ TableName: tableName(), Key: key, ...update })),
  );
  return written ? 'changed' : 'unchanged';
}

/**
 * Stops a player's instalments not paid (the family gave the place up, or the club took it back): each one
 * conditional on not being paid, so one paid meanwhile stays paid. A charge under way that lands anyway is
 * recorded paid (recordInstalmentPaid), for the admin to refund. Answers how many it stopped.
 */
export async function stopInstalments(seasonId: string, playerId: string): Promise<number> {
  let stopped = 0;
  for (const item of await instalmentsOfPlayer(seasonId, playerId)) {
    if (item.state === 'paid' || item.state === 'stopped') continue;
    const written = await unlessConditionFails(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.instalment(seasonId, playerId, item.n),
          UpdateExpression: 'SET #state = :stopped',
          ConditionExpression: 'attribute_exists(PK) AND #state <> :paid AND #state <> :stopped',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':stopped': 'stopped', ':paid': 'paid' },
        }),
      ),
    );
    if (written) stopped += 1;
  }
  return stopped;
}

/**
 * Claims the mail about a declined attempt: once per attempt (`mailed_attempt` moves up to it only from
 * below), so two sweeps, or the sweep and the webhook, telling of one decline mail once. The instalment as
 * claimed, or null.
 */
export async function claimDeclineMail(
  seasonId: string,
  playerId: string,
  n: number,
  attempts: number,
): Promise<InstalmentItem | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.instalment(seasonId, playerId, n),
        UpdateExpression: 'SET mailed_attempt = :a',
        ConditionExpression:
          '#state = :declined AND attempts = :a AND (attribute_not_exists(mailed_attempt) OR mailed_attempt < :a)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':a': attempts, ':declined': 'declined' },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out?.Attributes ? toInstalment(out.Attributes) : null;
}

/** Gives a decline mail's claim back when it could not be queued, so the next run mails. */
export async function releaseDeclineMail(
  seasonId: string,
  playerId: string,
  n: number,
  attempts: number,
): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.instalment(seasonId, playerId, n),
        UpdateExpression: 'REMOVE mailed_attempt',
        ConditionExpression: 'mailed_attempt = :a',
        ExpressionAttributeValues: { ':a': attempts },
      }),
    ),
  );
}

/** One later instalment (strongly consistent, so a payment just recorded shows); null when there is none. */
export async function getInstalment(
  seasonId: string,
  playerId: string,
  n: number,
): Promise<InstalmentItem | null> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.instalment(seasonId, playerId, n),
      ConsistentRead: true,
    }),
  );
  return out.Item ? toInstalment(out.Item) : null;
}

/** The family may pay it by its link: declined, or scheduled and due (the club's day). */
const PAYABLE = '(#state = :declined OR (#state = :scheduled AND due_date <= :today))';

/**
 * Starts the next checkout attempt of a declined (or due) instalment the family pays by its link (`from` →
 * `from + 1`), storing what its session is made from. Conditional on the attempt and on the instalment being
 * payable, so of concurrent clicks one starts it (the others join it) and the sweep's claim, conditioned on
 * no page being open, never charges it beside the family's page. The instalment as written, or null.
 */
export async function startInstalmentCheckout(input: {
  item: InstalmentItem;
  from: number;
  today: string;
  expiresAt: number;
  userId: string;
  line: string;
}): Promise<InstalmentItem | null> {
  const { item } = input;
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.instalment(item.season_id, item.player_id, item.n),
        UpdateExpression:
          'SET checkout_attempt = :next, checkout_expires_at = :e, checkout_user_id = :user, ' +
          'checkout_line = :line REMOVE checkout_session_id',
        ConditionExpression:
          `${PAYABLE} AND ` +
          (input.from === 0 ? 'attribute_not_exists(checkout_attempt)' : 'checkout_attempt = :from'),
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':next': input.from + 1,
          ':e': input.expiresAt,
          ':user': input.userId,
          ':line': input.line,
          ':declined': 'declined',
          ':scheduled': 'scheduled',
          ':today': input.today,
          ...(input.from === 0 ? {} : { ':from': input.from }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out?.Attributes ? toInstalment(out.Attributes) : null;
}

/** Stores the session an instalment's attempt created, only while that attempt is current and it is payable. */
export async function saveInstalmentSession(input: {
  item: InstalmentItem;
  attempt: number;
  sessionId: string;
  today: string;
}): Promise<boolean> {
  const { item } = input;
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.instalment(item.season_id, item.player_id, item.n),
        UpdateExpression: 'SET checkout_session_id = :sid',
        ConditionExpression: `checkout_attempt = :attempt AND ${PAYABLE}`,
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':sid': input.sessionId,
          ':attempt': input.attempt,
          ':declined': 'declined',
          ':scheduled': 'scheduled',
          ':today': input.today,
        },
      }),
    ),
  );
  return written !== null;
}

/**
 * What an instalment's checkout session says that is not a payment: processing (the money on its way) or the
 * page gone (expired or failed: the page is forgotten, so the sweep or a new page may take it). Conditional
 * on the session being the instalment's current one and it not being paid; with a webhook event's marker in
 * the same transaction.
 */
export async function applyInstalmentSessionChange(input: {
  seasonId: string;
  playerId: string;
  n: number;
  sessionId: string;
  kind: 'processing' | 'closed';
  now: Date;
  marker?: Marker;
}): Promise<OnceOutcome> {
  const update =
    input.kind === 'processing'
      ? {
          UpdateExpression: 'SET #state = :processing',
          ConditionExpression: `checkout_session_id = :sid AND (#state = :declined OR #state = :scheduled)`,
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':sid': input.sessionId,
            ':processing': 'processing',
            ':declined': 'declined',
            ':scheduled': 'scheduled',
          },
        }
      : {
          UpdateExpression: 'REMOVE checkout_session_id, checkout_expires_at',
          ConditionExpression: 'checkout_session_id = :sid AND #state <> :paid',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':sid': input.sessionId, ':paid': 'paid' },
        };
  return writeOnce(keys.instalment(input.seasonId, input.playerId, input.n), update, input.marker, input.now);
}

/**
 * The card saved at the first payment, written on the instalments still to come that have none (their first
 * write missed it): conditional on having no card, so a card the family saved since is never replaced.
 */
export async function backFillCard(
  seasonId: string,
  playerId: string,
  card: { customerId: string; paymentMethodId: string },
): Promise<void> {
  for (const item of await instalmentsOfPlayer(seasonId, playerId)) {
    if (item.payment_method_id || (item.state !== 'scheduled' && item.state !== 'declined')) continue;
    await unlessConditionFails(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.instalment(seasonId, playerId, item.n),
          UpdateExpression: 'SET customer_id = :c, payment_method_id = :pm',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(payment_method_id)',
          ExpressionAttributeValues: { ':c': card.customerId, ':pm': card.paymentMethodId },
        }),
      ),
    );
  }
}

/**
 * The card the family paid an instalment with is kept for the instalments still to come (each not paid nor
 * stopped, conditionally), so the next one is charged to the card that worked.
 */
export async function saveCardForLaterInstalments(
  seasonId: string,
  playerId: string,
  card: { customerId: string; paymentMethodId: string },
): Promise<void> {
  for (const item of await instalmentsOfPlayer(seasonId, playerId)) {
    if (item.state !== 'scheduled' && item.state !== 'declined') continue;
    await unlessConditionFails(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.instalment(seasonId, playerId, item.n),
          UpdateExpression: 'SET customer_id = :c, payment_method_id = :pm',
          ConditionExpression: '#state = :scheduled OR #state = :declined',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':c': card.customerId,
            ':pm': card.paymentMethodId,
            ':scheduled': 'scheduled',
            ':declined': 'declined',
          },
        }),
      ),
    );
  }
}

/**
 * Claims the mail telling an instalment paid: once per instalment (`paid_mailed_at` written only where none is,
 * and only once it is paid), whoever recorded the payment. The instalment as claimed, or null.
 */
export async function claimPaidMail(
  seasonId: string,
  playerId: string,
  n: number,
  now: Date,
): Promise<InstalmentItem | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.instalment(seasonId, playerId, n),
        UpdateExpression: 'SET paid_mailed_at = :at',
        ConditionExpression: '#state = :paid AND attribute_not_exists(paid_mailed_at)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':at': now.toISOString(), ':paid': 'paid' },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out?.Attributes ? toInstalment(out.Attributes) : null;
}

/** Gives a paid mail's claim back when the mail service held it back, so it comes again. */
export async function releasePaidMail(
  seasonId: string,
  playerId: string,
  n: number,
  at: string,
): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.instalment(seasonId, playerId, n),
        UpdateExpression: 'REMOVE paid_mailed_at',
        ConditionExpression: 'paid_mailed_at = :at',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}

/**
 * Claims the mail telling a plan's first instalment paid, on the offer (`fee_first_mailed_at`): once, and only
 * once the first is recorded (the offer has a plan and its payment). False when mailed already or not paid.
 */
export async function claimFirstPaidMail(seasonId: string, playerId: string, now: Date): Promise<boolean> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(seasonId, playerId),
        UpdateExpression: 'SET fee_first_mailed_at = :at',
        ConditionExpression:
          'attribute_exists(fee_plan) AND attribute_exists(fee_paid_at) AND attribute_not_exists(fee_first_mailed_at)',
        ExpressionAttributeValues: { ':at': now.toISOString() },
      }),
    ),
  );
  return out !== null;
}

/** Gives the first instalment's mail claim back when the mail service held it back. */
export async function releaseFirstPaidMail(seasonId: string, playerId: string, at: string): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(seasonId, playerId),
        UpdateExpression: 'REMOVE fee_first_mailed_at',
        ConditionExpression: 'fee_first_mailed_at = :at',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}
