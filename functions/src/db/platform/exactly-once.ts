/**
 * Exactly-once, one way for every flow (card payments and result mail today; refunds, offers and reminders
 * next). Two building blocks, both plain conditional writes:
 *
 * 1. Idempotency markers, for news from outside that may arrive again (a Stripe event redelivered for days,
 *    replayed, or delivered twice at once). `applyOnce` writes the change and the news' marker in ONE
 *    transaction, so of concurrent deliveries exactly one makes the change and a redelivery finds the marker;
 *    news whose change does not apply is marked alone, so it is not looked at again. A marker lives past the
 *    sender's retry window, then its TTL removes it.
 *
 * 2. Claims with a lease, for work whose effect outside the table cannot be undone or checked (a mail handed
 *    to SES). A worker claims the item (`claimWithLease`: its own claim id and a lease that outlives its
 *    invocation, only while nobody holds a live one), does the work, then records the outcome
 *    (`whileClaimed`) only while its claim still holds. A change of the item that drops the claim makes the
 *    outcome's write refuse. A lease that ran out means a sender died between the work and the record: that
 *    work is at most once, and an admin's explicit resend is the way to do it again (docs/decisions).
 *
 * Both compose with `ConditionalUpdate`, the one shape of a conditional update (db/registration/registrations.ts runs it on a
 * registration), so a flow adds only its own fields and conditions.
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { expiresAt, keys, type MarkerScope } from './keys';
import { transactOrConditionCodes, unlessConditionFails } from './transactions';

export type { MarkerScope };

/** An update expression with the condition it applies under. */
export interface ConditionalUpdate {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** How long a marker is kept: past the longest the sender retries (Stripe: three days). */
const MARKER_TTL_MS: Record<MarkerScope, number> = {
  'stripe-event': 30 * 24 * 60 * 60 * 1000,
  // Past the change-of-address link's own life (a day): a click on a spent link reads as done till then.
  'email-change': 2 * 24 * 60 * 60 * 1000,
};

/** One piece of outside news: its scope, its id there, and what to keep about it (e.g. the event type). */
export interface Marker {
  readonly scope: MarkerScope;
  readonly id: string;
  readonly detail?: Readonly<Record<string, string>>;
}

/**
 * The transaction item recording the news as applied, only if nothing recorded it first: a flow whose change
 * is a transaction of its own (a change of address) adds it to that transaction.
 */
export function markerPut(marker: Marker, now: Date) {
  return {
    TableName: tableName(),
    Item: {
      ...keys.marker(marker.scope, marker.id),
      type: 'marker',
      scope: marker.scope,
      ...marker.detail,
      processed_at: now.toISOString(),
      expiresAt: expiresAt(new Date(now.getTime() + MARKER_TTL_MS[marker.scope])),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  };
}

/** Whether the news was applied already (strongly consistent, so a just-finished delivery is seen). */
export async function isMarked(marker: Pick<Marker, 'scope' | 'id'>): Promise<boolean> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.marker(marker.scope, marker.id),
      ProjectionExpression: 'PK',
      ConsistentRead: true,
    }),
  );
  return out.Item !== undefined;
}

/** Records news that changes nothing as handled (the first record is kept; a concurrent one is no error). */
export async function markAlone(marker: Marker, now: Date): Promise<void> {
  await unlessConditionFails(() => db().send(new PutCommand(markerPut(marker, now))));
}

export type OnceOutcome = 'changed' | 'unchanged' | 'duplicate';

/**
 * Applies one conditional update of one item exactly once per marker: the update and the marker in one
 * transaction. 'duplicate' when the marker was there (nothing changed), 'unchanged' when the update's own
 * condition refused (the marker is then written alone), 'changed' otherwise.
 */
export async function applyOnce(
  key: Record<string, string>,
  update: ConditionalUpdate,
  marker: Marker,
  now: Date,
): Promise<OnceOutcome> {
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
  if (codes[1] === CONDITION_FAILED) return 'duplicate';
  if (codes[0] === CONDITION_FAILED) {
    await markAlone(marker, now);
    return 'unchanged';
  }
  throw new Error(`Exactly-once transaction failed: ${codes.join(',')}`);
}

const CONDITION_FAILED = 'ConditionalCheckFailed';

/** The attributes a claimable piece of work keeps on its item, and the state that means "claimed". */
export interface ClaimFields {
  readonly state: string;
  readonly claim: string;
  readonly leaseUntil: string;
  readonly claimedState: string;
}

/** A sender's claim: its own id, until when it holds, and now (epoch ms). */
export interface Lease {
  readonly claim: string;
  readonly leaseUntil: number;
  readonly now: number;
}

/**
 * A flow's own part of an update: assignments (`a = :x, b = :y`), attributes to remove, its condition, and
 * the names and values they use. The helpers below add the claim's part.
 */
export interface FlowUpdate {
  readonly set?: string;
  readonly remove?: readonly string[];
  readonly condition?: string;
  readonly names?: Record<string, string>;
  readonly values?: Record<string, unknown>;
}

/**
 * Claims an item's work with a lease, on top of the flow's own condition: only while no sender holds a live
 * lease. The claim's state, id and lease are set with the flow's assignments.
 */
export function claimWithLease(fields: ClaimFields, lease: Lease, flow: FlowUpdate): ConditionalUpdate {
  const noLiveLease = `NOT (${fields.state} = :claimedState AND ${fields.leaseUntil} >= :now)`;
  return render(
    `${fields.state} = :claimedState, ${fields.claim} = :claim, ${fields.leaseUntil} = :leaseUntil`,
    [],
    noLiveLease,
    flow,
    {
      ':claimedState': fields.claimedState,
      ':claim': lease.claim,
      ':leaseUntil': lease.leaseUntil,
      ':now': lease.now,
    },
  );
}

/**
 * Records a claimed work's outcome (the flow's assignments and removals) only while the claim still holds,
 * and lets the claim go in the same write.
 */
export function whileClaimed(fields: ClaimFields, claim: string, flow: FlowUpdate): ConditionalUpdate {
  return render('', [fields.claim, fields.leaseUntil], `${fields.claim} = :claim`, flow, { ':claim': claim });
}

function render(
  set: string,
  remove: readonly string[],
  condition: string,
  flow: FlowUpdate,
  values: Record<string, unknown>,
): ConditionalUpdate {
  const sets = [set, flow.set].filter(Boolean).join(', ');
  const removes = [...remove, ...(flow.remove ?? [])].join(', ');
  return {
    UpdateExpression: [sets && `SET ${sets}`, removes && `REMOVE ${removes}`].filter(Boolean).join(' '),
    ConditionExpression: flow.condition ? `(${flow.condition}) AND ${condition}` : condition,
    ...(flow.names ? { ExpressionAttributeNames: flow.names } : {}),
    ExpressionAttributeValues: { ...flow.values, ...values },
  };
}
