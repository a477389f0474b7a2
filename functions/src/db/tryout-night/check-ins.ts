/**
 * Tryout night's door (issue 37): a player checked in, and their cash taken, in one conditional update with
 * its audit entry (who worked the door, by name). Every write is idempotent, so a phone that queued it offline
 * and sends it twice changes nothing the second time: the first arrival time and cash time stay.
 */
import type { AuditBy } from '../platform/audit';
import { queryAll } from '../platform/client';
import { keys } from '../platform/keys';
import { toRegistration, type RegistrationItem } from '../registration/registration-item';
import { updateTryout } from '../registration/registrations';

export type DoorRefusal = 'not-found' | 'withdrawn' | 'not-cash' | 'refunded';

/** What a tap asks for: in or not, and the cash taken or given back when it says. */
type DoorChange = { attended: boolean; cash_collected?: boolean };

/** True when the registration already is what the tap asks for (nothing to write, nothing to audit). */
export function alreadyAsAsked(tryout: RegistrationItem, change: DoorChange): boolean {
  return (
    tryout.attended === change.attended &&
    (change.cash_collected === undefined ||
      (tryout.payment_method === 'cash' && (tryout.payment_status === 'paid') === change.cash_collected))
  );
}

/**
 * The tap, written with its audit entry only when it changes something: the condition also asks that the
 * registration is not already as asked, so twelve phones scanning one code at once write one entry, and
 * the others answer the registration as it is ('unchanged').
 */
export async function checkInAtDoorIfChanged(
  seasonId: string,
  playerId: string,
  change: DoorChange,
  by: AuditBy,
): Promise<RegistrationItem | { unchanged: RegistrationItem } | DoorRefusal> {
  const at = by.now.toISOString();
  const sets = [
    change.attended
      ? 'attended = :t, checked_in_at = if_not_exists(checked_in_at, :at), checked_in_by = if_not_exists(checked_in_by, :by)'
      : 'attended = :f',
  ];
  const removes = change.attended ? [] : ['checked_in_at', 'checked_in_by'];
  const conditions = ['attribute_exists(PK)'];
  const values: Record<string, unknown> = change.attended
    ? { ':t': true, ':at': at, ':by': by.actorId }
    : { ':f': false };
  // Something changes: the attendance, or the cash asked for.
  // (DynamoDB refuses redundant parentheses: one pair around the whole.)
  const changes = change.attended ? ['attribute_not_exists(attended)', 'attended <> :t'] : ['attended <> :f'];
  if (change.cash_collected !== undefined) {
    changes.push(change.cash_collected ? 'payment_status <> :paid' : 'payment_status = :paid');
    values[':paid'] = 'paid';
  }
  conditions.push(changes.length > 1 ? `(${changes.join(' OR ')})` : changes[0]!);
  // A withdrawn registration is never counted in; "not in" always goes (a slip corrected).
  if (change.attended) {
    conditions.push('(attribute_not_exists(withdrawn) OR withdrawn = :no)');
    values[':no'] = false;
  }
  if (change.cash_collected !== undefined) {
    conditions.push('payment_method = :cash');
    values[':cash'] = 'cash';
    if (change.cash_collected) {
      sets.push('payment_status = :paid, cash_collected_at = if_not_exists(cash_collected_at, :at)');
      values[':at'] = at;
    } else {
      // Cash given back cannot be "not taken": a refund would then exceed what was paid.
      sets.push('payment_status = :owed');
      removes.push('cash_collected_at');
      conditions.push('(attribute_not_exists(refund_reserved_cents) OR refund_reserved_cents = :zero)');
      values[':owed'] = 'cash';
      values[':zero'] = 0;
    }
  }
  const after: Record<string, unknown> = { attended: change.attended };
  if (change.cash_collected !== undefined) after.payment_status = change.cash_collected ? 'paid' : 'cash';
  const out = await updateTryout(
    seasonId,
    playerId,
    {
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    },
    { by, action: 'check_in', after },
  );
  if ('item' in out) return out.item;
  const now = out.refused;
  if (!now) return 'not-found';
  if (alreadyAsAsked(now, change)) return { unchanged: now };
  if (change.attended && now.withdrawn) return 'withdrawn';
  if (change.cash_collected !== undefined && now.payment_method !== 'cash') return 'not-cash';
  return 'refunded';
}

/** The tap, answering the registration as it is whether or not this tap changed it. */
export async function checkInAtDoor(
  seasonId: string,
  playerId: string,
  change: DoorChange,
  by: AuditBy,
): Promise<RegistrationItem | DoorRefusal> {
  const out = await checkInAtDoorIfChanged(seasonId, playerId, change, by);
  return typeof out === 'object' && 'unchanged' in out ? out.unchanged : out;
}

/**
 * The season's registration with a tryout number (a number typed at the door): one Query of the season's
 * registrations, filtered on the number (a season is hundreds of rows; typing is the camera's fallback).
 */
export async function findTryoutByNumber(
  seasonId: string,
  tryoutNumber: number,
): Promise<RegistrationItem | null> {
  const prefix = keys.tryoutsOfSeason(seasonId);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    FilterExpression: 'tryout_number = :n',
    ExpressionAttributeValues: { ':pk': prefix.PK, ':sk': prefix.SKPrefix, ':n': tryoutNumber },
    ConsistentRead: true,
  });
  return items[0] ? toRegistration(items[0]) : null;
}
