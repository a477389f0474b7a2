/**
 * The team fee of an accepted offer (issue 45 §4), kept on the offer item (db/offers/offers.ts): its checkout
 * attempts, what Stripe says happened (applied once, with the event's marker in the same transaction), cash
 * collected, its confirmation mail's claim. Every change is one conditional write, so a replayed or concurrent
 * event marks it paid once and an unpaid fee never turns paid without money.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OfferFeeState } from '@club/shared';
import { updateAudited, type AuditBy } from '../platform/audit';
import { db, tableName } from '../platform/client';
import { applyOnce, type Marker, type OnceOutcome } from '../platform/exactly-once';
import { keys } from '../platform/keys';
import { unlessConditionFails } from '../platform/transactions';
import { toOffer, type OfferItem } from '../offers/offers';
import type { PaymentChange } from './payments';

/** The team fee's fields on an offer item (all absent until the offer is accepted with a fee). */
export interface TeamFeeFields {
  fee_state?: OfferFeeState;
  fee_method?: 'stripe' | 'cash';
  /** The current checkout attempt (1, 2, …) and what its session is made from, stored before it is created. */
  fee_checkout_attempt?: number;
  /** Epoch seconds. */
  fee_checkout_expires_at?: number;
  fee_checkout_session_id?: string;
  fee_checkout_user_id?: string;
  fee_checkout_email?: string;
  fee_checkout_line?: string;
  /** The session completed and its money is still on its way (a bank debit). */
  fee_processing?: boolean;
  fee_paid_at?: string;
  fee_paid_session_id?: string;
  fee_payment_intent_id?: string;
  fee_card_brand?: string;
  fee_card_last4?: string;
  /** What Stripe kept of its card payment (of the first instalment on a plan), when Stripe said (issue 46). */
  stripe_fee_cents?: number;
  /** Who marked the cash collected (an admin's account id). */
  fee_cash_collected_by?: string;
  /** Asked back (pending card refunds included), and given back, in cents. */
  fee_refund_reserved_cents?: number;
  fee_refunded_cents?: number;
  /** When its confirmation mail was claimed (once per payment). */
  fee_mailed_at?: string;
  /** What the plan's instalments have collected, in cents (refunds aside): the fee is paid at fee_cents. */
  fee_plan_paid_cents?: number;
  /** What refunds asked back from the plan's first payment (instalment 1), within the plan's first amount. */
  fee_first_refund_reserved_cents?: number;
  /** The family gave the accepted place up (state declined), and when. */
  withdrawn_after_acceptance?: boolean;
  withdrawn_at?: string;
}

export type TeamFeeOffer = OfferItem & TeamFeeFields;

/** Where the fee stands: 'none' without a fee, 'paid' once paid, 'on_plan' part paid in instalments, else 'to_pay'. */
export function feeStateOf(offer: TeamFeeOffer): OfferFeeState {
  if (offer.fee_state === 'paid') return 'paid';
  if (offer.fee_state === 'on_plan') return 'on_plan';
  return offer.fee_cents > 0 ? 'to_pay' : 'none';
}

/** What was paid in all (instalments so far, for a plan), in cents, before refunds. */
export function collectedCentsOf(offer: TeamFeeOffer): number {
  if (offer.fee_plan && offer.fee_method === 'stripe') {
    return offer.fee_state === 'paid' || offer.fee_state === 'on_plan' ? (offer.fee_plan_paid_cents ?? 0) : 0;
  }
  return offer.fee_state === 'paid' ? offer.fee_cents : 0;
}

/** What was paid and not given back, in cents. */
export function paidCentsOf(offer: TeamFeeOffer): number {
  const collected = collectedCentsOf(offer);
  return collected > 0 ? collected - (offer.fee_refunded_cents ?? 0) : 0;
}

/** Neither paid in full nor its first instalment paid (issue 46: then the plan's own writes take over). */
const UNPAID = '(attribute_not_exists(fee_state) OR (fee_state <> :paid AND fee_state <> :onPlan))';

/**
 * Starts the next checkout attempt of an accepted offer's unpaid fee (`from` → `from + 1`), storing what its
 * session is made from. Conditional on the attempt, so of concurrent clicks one starts it and the others join
 * it. The offer as written, or null when the attempt moved on or the fee is no longer payable.
 */
export async function startTeamFeeAttempt(input: {
  seasonId: string;
  playerId: string;
  from: number;
  expiresAt: number;
  userId: string;
  email: string;
  line: string;
}): Promise<TeamFeeOffer | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(input.seasonId, input.playerId),
        UpdateExpression:
          'SET fee_checkout_attempt = :next, fee_checkout_expires_at = :e, fee_checkout_user_id = :user, ' +
          'fee_checkout_email = :email, fee_checkout_line = :line REMOVE fee_checkout_session_id, fee_processing',
        ConditionExpression:
          `#state = :accepted AND fee_cents > :zero AND ${UNPAID} AND ` +
          (input.from === 0 ? 'attribute_not_exists(fee_checkout_attempt)' : 'fee_checkout_attempt = :from'),
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':next': input.from + 1,
          ':e': input.expiresAt,
          ':user': input.userId,
          ':email': input.email,
          ':line': input.line,
          ':accepted': 'accepted',
          ':zero': 0,
          ':paid': 'paid',
          ':onPlan': 'on_plan',
          ...(input.from === 0 ? {} : { ':from': input.from }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out?.Attributes ? (toOffer(out.Attributes) as TeamFeeOffer) : null;
}

/**
 * Stores the session an attempt created, only while that attempt is still the current one and the offer is
 * still accepted: a page opened just before a withdrawal or a rescind is not stored after it (its caller
 * expires it instead), so the family is never handed a page for a place it no longer holds.
 */
export async function saveTeamFeeSession(input: {
  seasonId: string;
  playerId: string;
  attempt: number;
  sessionId: string;
}): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(input.seasonId, input.playerId),
        UpdateExpression: 'SET fee_checkout_session_id = :sid',
        ConditionExpression: 'fee_checkout_attempt = :attempt AND #state = :accepted',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':sid': input.sessionId,
          ':attempt': input.attempt,
          ':accepted': 'accepted',
        },
      }),
    ),
  );
  return written !== null;
}

/**
 * Applies what a team fee's session says, as one conditional update, so repeated, concurrent and out-of-order
 * news changes the offer at most once and never moves 'paid' back:
 * - paid: from unpaid, whichever of its sessions paid (the money is in), only for the offer's own fee;
 * - processing: for the current session, while unpaid;
 * - failed / expired: the current session is forgotten (a new attempt may start), while unpaid.
 * With a webhook event's marker the change and the marker are one transaction (db/platform/exactly-once.ts).
 */
export async function applyTeamFeeChange(input: {
  seasonId: string;
  playerId: string;
  amountCents: number;
  change: PaymentChange;
  now: Date;
  marker?: Marker;
}): Promise<OnceOutcome> {
  const key = keys.offer(input.seasonId, input.playerId);
  const update = changeExpression(input.change, input.amountCents, input.now);
  if (input.marker) return applyOnce(key, update, input.marker, input.now);
  const written = await unlessConditionFails(() =>
    db().send(new UpdateCommand({ TableName: tableName(), Key: key, ...update })),
  );
  return written ? 'changed' : 'unchanged';
}

function changeExpression(change: PaymentChange, amountCents: number, now: Date) {
  const values = { ':paid': 'paid', ':onPlan': 'on_plan', ':sid': change.sessionId };
  switch (change.kind) {
    case 'paid':
      return {
        UpdateExpression:
          'SET fee_state = :paid, fee_method = :stripe, fee_paid_at = :at, fee_paid_session_id = :sid' +
          (change.paymentIntentId ? ', fee_payment_intent_id = :pi' : '') +
          ' REMOVE fee_processing',
        ConditionExpression: `attribute_exists(PK) AND fee_cents = :amount AND ${UNPAID}`,
        ExpressionAttributeValues: {
          ...values,
          ':stripe': 'stripe',
          ':at': now.toISOString(),
          ':amount': amountCents,
          ...(change.paymentIntentId ? { ':pi': change.paymentIntentId } : {}),
        },
      };
    case 'processing':
      return {
        UpdateExpression: 'SET fee_processing = :yes',
        ConditionExpression: `fee_checkout_session_id = :sid AND ${UNPAID}`,
        ExpressionAttributeValues: { ...values, ':yes': true },
      };
    case 'failed':
    case 'expired':
      return {
        UpdateExpression: 'REMOVE fee_checkout_session_id, fee_processing',
        ConditionExpression: `fee_checkout_session_id = :sid AND ${UNPAID}`,
        ExpressionAttributeValues: values,
      };
  }
}

/** Keeps the card a team fee was paid with (brand, last 4) for its receipt; best effort, by its payment. */
export async function recordTeamFeeCard(input: {
  seasonId: string;
  playerId: string;
  paymentIntentId: string;
  brand: string;
  last4: string;
}): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(input.seasonId, input.playerId),
        UpdateExpression: 'SET fee_card_brand = :brand, fee_card_last4 = :last4',
        ConditionExpression: 'fee_payment_intent_id = :pi',
        ExpressionAttributeValues: {
          ':brand': input.brand,
          ':last4': input.last4,
          ':pi': input.paymentIntentId,
        },
      }),
    ),
  );
}

/**
 * The admin marks an accepted offer's team fee collected in cash (or not collected after all), with its audit
 * entry in the same transaction. Collected: only while unpaid, with no card payment on its way, only for a
 * team that takes cash (a condition on the team item), and only while the checkout attempt is still the one
 * whose page was closed (`attempt`; undefined: none was ever started), so a page the family opened meanwhile
 * is never left payable beside the cash. Not collected: only cash that was not given back.
 */
export async function setTeamFeeCash(input: {
  seasonId: string;
  playerId: string;
  teamKey: { PK: string; SK: string };
  collected: boolean;
  attempt: number | undefined;
  by: AuditBy;
}): Promise<{ offer: TeamFeeOffer } | { refused: TeamFeeOffer | null }> {
  const at = input.by.now.toISOString();
  const sameAttempt =
    input.attempt === undefined
      ? 'attribute_not_exists(fee_checkout_attempt)'
      : 'fee_checkout_attempt = :attempt';
  const out = await updateAudited({
    key: keys.offer(input.seasonId, input.playerId),
    update: input.collected
      ? {
          UpdateExpression:
            'SET fee_state = :paid, fee_method = :cash, fee_paid_at = :at, fee_cash_collected_by = :by ' +
            'REMOVE fee_checkout_session_id',
          ConditionExpression:
            `attribute_exists(PK) AND #state = :accepted AND fee_cents > :zero AND ${UNPAID} AND ` +
            `(attribute_not_exists(fee_processing) OR fee_processing = :no) AND ${sameAttempt}`,
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':paid': 'paid',
            ':onPlan': 'on_plan',
            ':cash': 'cash',
            ':at': at,
            ':by': input.by.actorId,
            ':accepted': 'accepted',
            ':zero': 0,
            ':no': false,
            ...(input.attempt === undefined ? {} : { ':attempt': input.attempt }),
          },
        }
      : {
          UpdateExpression:
            'SET fee_state = :toPay REMOVE fee_method, fee_paid_at, fee_cash_collected_by, fee_mailed_at',
          ConditionExpression:
            'attribute_exists(PK) AND fee_state = :paid AND fee_method = :cash AND ' +
            '(attribute_not_exists(fee_refund_reserved_cents) OR fee_refund_reserved_cents = :zero)',
          ExpressionAttributeValues: { ':toPay': 'to_pay', ':paid': 'paid', ':cash': 'cash', ':zero': 0 },
        },
    fields: ['fee_state', 'fee_method'],
    after: input.collected
      ? { fee_state: 'paid', fee_method: 'cash' }
      : { fee_state: 'to_pay', fee_method: null },
    by: input.by,
    subject: {
      action: 'team_fee_cash',
      seasonId: input.seasonId,
      playerId: input.playerId,
      tryoutId: `${input.seasonId}.${input.playerId}`,
    },
    extra: input.collected
      ? [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: input.teamKey,
              ConditionExpression: 'attribute_not_exists(cash_accepted) OR cash_accepted = :yes',
              ExpressionAttributeValues: { ':yes': true },
            },
          },
        ]
      : [],
  });
  if ('item' in out) return { offer: toOffer(out.item) as TeamFeeOffer };
  return { refused: out.refused ? (toOffer(out.refused) as TeamFeeOffer) : null };
}

/**
 * Claims a paid team fee's confirmation mail: one conditional update that succeeds once per payment, so the
 * webhook and the family's return racing on one payment mail once. The offer as claimed, or null.
 */
export async function claimTeamFeeMail(
  seasonId: string,
  playerId: string,
  now: Date,
): Promise<TeamFeeOffer | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(seasonId, playerId),
        UpdateExpression: 'SET fee_mailed_at = :at',
        ConditionExpression:
          'attribute_exists(PK) AND attribute_not_exists(fee_mailed_at) AND fee_state = :paid',
        ExpressionAttributeValues: { ':at': now.toISOString(), ':paid': 'paid' },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out?.Attributes ? (toOffer(out.Attributes) as TeamFeeOffer) : null;
}

/** Gives a mail's claim back when it could not be sent, so the queue's next try mails. */
export async function releaseTeamFeeMail(
  seasonId: string,
  playerId: string,
  claimedAt: string,
): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(seasonId, playerId),
        UpdateExpression: 'REMOVE fee_mailed_at',
        ConditionExpression: 'fee_mailed_at = :at',
        ExpressionAttributeValues: { ':at': claimedAt },
      }),
    ),
  );
}

/**
 * Stripe's fee on the team fee's card payment (issue 46: the treasurer's view), once, and only on the offer
 * that payment paid (a condition on its id). False when it was recorded already or the payment is not its.
 */
export async function recordTeamFeeStripeFee(
  seasonId: string,
  playerId: string,
  paymentIntentId: string,
  feeCents: number,
): Promise<boolean> {
  const written = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.offer(seasonId, playerId),
        UpdateExpression: 'SET stripe_fee_cents = :fee',
        ConditionExpression:
          'attribute_exists(PK) AND fee_payment_intent_id = :intent AND attribute_not_exists(stripe_fee_cents)',
        ExpressionAttributeValues: { ':fee': feeCents, ':intent': paymentIntentId },
      }),
    ),
  );
  return written !== null;
}
