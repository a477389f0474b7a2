/**
 * The price of a registration nothing was paid on yet (cash not collected, or a card payment pending or
 * failed), changed by one conditional write: the sibling fee moving after a withdrawal (issue 34), and the fee
 * the club sets for a family that asked about financial support (issue 36). Both hold only while it is not
 * withdrawn and its price is still `from`; a card registration moves to a new checkout attempt (the caller
 * closed the current one), so no page made at the old price can be paid.
 */
import type { AuditBy } from '../platform/audit';
import type { ConditionalUpdate } from '../platform/exactly-once';
import type { RegistrationItem } from '../registration/registration-item';
import { updateTryout, updateTryoutIf } from '../registration/registrations';

interface PriceChange {
  seasonId: string;
  playerId: string;
  from: number;
  to: number;
  /** A card registration's current attempt, which this moves on from. */
  attempt?: number;
  expiresAt: number;
}

/** The one update both changes make, with what each sets beside the price. */
function unpaidPriceUpdate(
  input: PriceChange,
  sets: string[],
  values: Record<string, unknown>,
  removes: string[] = [],
): ConditionalUpdate {
  const card = input.attempt !== undefined;
  const all = [
    'amount_cents = :to',
    ...sets,
    ...(card ? ['checkout_attempt = :next', 'checkout_expires_at = :e'] : []),
  ];
  const gone = [...(card ? ['checkout_session_id', 'checkout_group_id'] : []), ...removes];
  return {
    UpdateExpression: `SET ${all.join(', ')}${gone.length ? ` REMOVE ${gone.join(', ')}` : ''}`,
    ConditionExpression:
      'amount_cents = :from AND (attribute_not_exists(withdrawn) OR withdrawn = :no) AND ' +
      (card
        ? 'payment_method = :stripe AND checkout_attempt = :attempt AND payment_status IN (:pending, :failed)'
        : 'payment_method = :cash AND payment_status = :cash'),
    ExpressionAttributeValues: {
      ':to': input.to,
      ':from': input.from,
      ':no': false,
      ...values,
      ...(card
        ? {
            ':next': input.attempt! + 1,
            ':attempt': input.attempt!,
            ':e': input.expiresAt,
            ':stripe': 'stripe',
            ':pending': 'pending',
            ':failed': 'failed',
          }
        : { ':cash': 'cash' }),
    },
  };
}

/**
 * The first athlete of a family still trying out pays the fee (issue 34): the new price, or false when any
 * condition no longer held (nothing changed).
 */
export async function repriceUnpaid(input: PriceChange): Promise<boolean> {
  return (await updateTryoutIf(input.seasonId, input.playerId, unpaidPriceUpdate(input, [], {}))) !== null;
}

/**
 * The fee the club sets (issue 36: financial support), audited; a fee of 0 leaves nothing to pay (paid,
 * "No fee"). It is the club's answer to a card held for it (issue 42): the hold goes in the same write, so
 * the family can pay from then on. Null when refused.
 */
export async function setUnpaidFee(
  input: PriceChange & { by: AuditBy; /** The card was held for this answer. */ answering?: boolean },
): Promise<RegistrationItem | null> {
  const free = input.to === 0;
  const out = await updateTryout(
    input.seasonId,
    input.playerId,
    unpaidPriceUpdate(
      input,
      ['fee_set_at = :at', ...(free ? ['payment_status = :paid'] : [])],
      {
        ':at': input.by.now.toISOString(),
        ...(free ? { ':paid': 'paid' } : {}),
      },
      ['held_for_support'],
    ),
    {
      by: input.by,
      action: 'fee',
      // A held card's answer is audited as such, whether the fee moved or was kept.
      after: { amount_cents: input.to, ...(input.answering ? { held_for_support: false } : {}) },
    },
  );
  return 'item' in out ? out.item : null;
}
