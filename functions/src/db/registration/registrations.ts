/**
 * Tryout registrations (one per player per season, in the season's partition; numbered by
 * db/registration/tryout-numbers.ts, paid through db/money/payments.ts): the player's read and the admin's edits, each one
 * conditional update.
 */
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { tryoutId, type GuardianContact, type TryoutResult } from '@club/shared';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { updateAudited, type AuditBy } from '../platform/audit';
import type { ConditionalUpdate } from '../platform/exactly-once';
import { toRegistration, type RegistrationItem, type WithdrawnBy } from './registration-item';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';
import { getCapacityCounter, spotOfRegistration, tracks } from './waitlist';

export { guardiansOfRow } from './registration-item';

/**
 * The registrations an account made in a season (GSI1, eventually consistent): what a family's notice about
 * the season names (issue 36). A family holds a dozen at most: one page.
 */
export async function tryoutsOfAccount(accountId: string, seasonId: string): Promise<RegistrationItem[]> {
  const index = keys.tryoutsOfUserIndex(accountId, seasonId);
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :sk',
      ExpressionAttributeValues: { ':pk': index.GSI1PK, ':sk': index.GSI1SK },
    }),
  );
  return (out.Items ?? []).map(toRegistration);
}

/** Reads a player's registration for a season (strongly consistent, so a just-made change is seen). */
export async function getTryout(seasonId: string, playerId: string): Promise<RegistrationItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.tryout(seasonId, playerId), ConsistentRead: true }),
  );
  return out.Item ? toRegistration(out.Item) : null;
}

/**
 * Reads several players' registrations for a season (a household's athletes): one strongly consistent
 * BatchGet, again for any keys DynamoDB left unprocessed. Players without one are left out.
 */
export async function getTryoutsOf(
  seasonId: string,
  playerIds: readonly string[],
): Promise<RegistrationItem[]> {
  const found: RegistrationItem[] = [];
  let pending: Array<Record<string, unknown>> = [...new Set(playerIds)].map((id) =>
    keys.tryout(seasonId, id),
  );
  for (let attempt = 0; pending.length && attempt < 5; attempt += 1) {
    const out = await db().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
    );
    found.push(...(out.Responses?.[tableName()] ?? []).map(toRegistration));
    pending = (out.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined) ?? [];
  }
  if (pending.length) throw new Error('Registrations could not all be read');
  return found;
}

/** An administrator's change of a registration: its audit entry is written in the change's transaction. */
export interface AdminChange {
  by: AuditBy;
  action: 'attendance' | 'result' | 'cash' | 'reinstate' | 'result_mail_resend' | 'fee' | 'check_in';
  /** The fields the change sets, and what it sets them to. */
  after: Record<string, unknown>;
  /** Further items of the change's transaction (the season's counter, issue 45). */
  extra?: Parameters<typeof updateAudited>[0]['extra'];
}

/**
 * Runs a conditional update of one registration: the item as written, or, when the condition failed, the
 * item as it is now (a strongly consistent read; null when there is none), to tell why. An administrator's
 * change goes with its audit entry (db/platform/audit.ts).
 */
export async function updateTryout(
  seasonId: string,
  playerId: string,
  update: ConditionalUpdate,
  change?: AdminChange,
): Promise<{ item: RegistrationItem } | { refused: RegistrationItem | null }> {
  if (change) {
    const out = await updateAudited({
      key: keys.tryout(seasonId, playerId),
      update,
      fields: Object.keys(change.after),
      after: change.after,
      by: change.by,
      subject: {
        action: change.action,
        seasonId,
        playerId,
        tryoutId: tryoutId.of(seasonId, playerId),
      },
      ...(change.extra ? { extra: change.extra } : {}),
    });
    return 'item' in out
      ? { item: toRegistration(out.item) }
      : { refused: out.refused && toRegistration(out.refused) };
  }
  const item = await updateTryoutIf(seasonId, playerId, update);
  return item ? { item } : { refused: await getTryout(seasonId, playerId) };
}

/** The one conditional update of a registration: the item as written, or null when the condition failed. */
export async function updateTryoutIf(
  seasonId: string,
  playerId: string,
  update: ConditionalUpdate,
): Promise<RegistrationItem | null> {
  const out = await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(seasonId, playerId),
        ...update,
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out ? toRegistration(out.Attributes!) : null;
}

/** Marks a registration attended or not: one conditional update (it must exist); null when it does not. */
export async function setAttended(
  seasonId: string,
  playerId: string,
  attended: boolean,
  by: AuditBy,
): Promise<RegistrationItem | 'withdrawn' | null> {
  const out = await updateTryout(
    seasonId,
    playerId,
    {
      // When the player arrived (issue 37: the family's dashboard and the door show it) is the first mark.
      UpdateExpression: attended
        ? 'SET attended = :a, checked_in_at = if_not_exists(checked_in_at, :at)'
        : 'SET attended = :a REMOVE checked_in_at, checked_in_by',
      // A withdrawn registration is never counted as attended (issue 36); "not attended" always goes.
      ConditionExpression: attended
        ? 'attribute_exists(PK) AND (attribute_not_exists(withdrawn) OR withdrawn = :no)'
        : 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':a': attended,
        ...(attended ? { ':no': false, ':at': by.now.toISOString() } : {}),
      },
    },
    { by, action: 'attendance', after: { attended } },
  );
  if ('item' in out) return out.item;
  return out.refused?.withdrawn ? 'withdrawn' : null;
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
  playerId: string,
  result: TryoutResult | '',
  by: AuditBy,
): Promise<RegistrationItem | null> {
  const out = await updateTryout(
    seasonId,
    playerId,
    {
      UpdateExpression:
        'SET #result = :r, result_version = if_not_exists(result_version, :zero) + :one, email_sent = :false ' +
        'REMOVE mail_state, mail_round, mail_claim, mail_lease_until, mail_error',
      ConditionExpression: 'attribute_exists(PK) AND #result <> :r',
      ExpressionAttributeNames: { '#result': 'result' },
      ExpressionAttributeValues: { ':r': result, ':zero': 0, ':one': 1, ':false': false },
    },
    { by, action: 'result', after: { result } },
  );
  return 'item' in out ? out.item : out.refused;
}

/**
 * A family's withdrawal (the registration must exist and not be withdrawn yet), saying when and by whom (the
 * admin's Player Details shows both), in one transaction with the season's counter: in a group with a
 * capacity its spot is free again (taken − 1, issue 45), and in any group the counter's `ver` moves, so a
 * capacity being set meanwhile counts it. The item as written, the item as it is when it was withdrawn
 * already, or null when there is none. Its number stays with it, retired.
 */
export async function withdrawTryout(
  seasonId: string,
  playerId: string,
  now: Date,
  by: WithdrawnBy,
): Promise<RegistrationItem | null> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const [current, counter] = await Promise.all([
      getTryout(seasonId, playerId),
      getCapacityCounter(seasonId),
    ]);
    if (!current || current.withdrawn) return current;
    const written = { ...current, withdrawn: true, withdrawn_at: now.toISOString(), withdrawn_by: by };
    const codes = await transactOrConditionCodes(() =>
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.tryout(seasonId, playerId),
                UpdateExpression: 'SET withdrawn = :w, withdrawn_at = :at, withdrawn_by = :by',
                ConditionExpression:
                  'attribute_exists(PK) AND (attribute_not_exists(withdrawn) OR withdrawn = :no)',
                ExpressionAttributeValues: {
                  ':w': true,
                  ':at': written.withdrawn_at,
                  ':by': by,
                  ':no': false,
                },
              },
            },
            spotOfRegistration(seasonId, current.age_group, tracks(counter, current.age_group), -1),
          ],
        }),
      ),
    );
    if (!codes) return written;
    // Withdrawn meanwhile (answered as it is), or the group's counting changed: read both again.
  }
  throw new Error('Withdrawal could not be written');
}

/**
 * An administrator puts a withdrawn registration back, audited: one conditional update on its being
 * withdrawn, so putting back one that never left changes nothing and writes no audit entry. The item as
 * written, 'not-withdrawn', or null when there is none. Its number stays with it.
 */
export async function reinstateTryout(
  seasonId: string,
  playerId: string,
  by: AuditBy,
): Promise<RegistrationItem | 'not-withdrawn' | null> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const [current, counter] = await Promise.all([
      getTryout(seasonId, playerId),
      getCapacityCounter(seasonId),
    ]);
    if (!current) return null;
    // Its spot is taken again in a group with a capacity (issue 45), even past it: the admin's decision.
    const out = await updateTryout(
      seasonId,
      playerId,
      {
        UpdateExpression: 'SET withdrawn = :w REMOVE withdrawn_at, withdrawn_by',
        ConditionExpression: 'attribute_exists(PK) AND withdrawn = :yes',
        ExpressionAttributeValues: { ':w': false, ':yes': true },
      },
      {
        by,
        action: 'reinstate',
        after: { withdrawn: false },
        extra: [spotOfRegistration(seasonId, current.age_group, tracks(counter, current.age_group), 1)],
      },
    );
    if ('item' in out) return out.item;
    if (!out.refused) return null;
    if (out.refused.withdrawn !== true) return 'not-withdrawn';
    // Still withdrawn: the group's counting changed meanwhile; read both again.
  }
  throw new Error('Reinstatement could not be written');
}

/**
 * Marks a cash registration's cash collected ('paid', with the time) or, correcting a slip, not collected
 * ('cash'): one update conditional on the registration being a cash one, so a card payment's status is never
 * touched, and, for "not collected", on no cash having been refunded. 'not-found', 'not-cash' or 'refunded'
 * when refused.
 */
export async function setCashCollected(
  seasonId: string,
  playerId: string,
  collected: boolean,
  by: AuditBy,
): Promise<RegistrationItem | 'not-found' | 'not-cash' | 'refunded'> {
  const now = by.now;
  const out = await updateTryout(
    seasonId,
    playerId,
    {
      UpdateExpression: collected
        ? 'SET payment_status = :status, cash_collected_at = :at'
        : 'SET payment_status = :status REMOVE cash_collected_at',
      // Cash given back cannot be "not collected": the refund would then exceed what was paid.
      ConditionExpression: collected
        ? 'attribute_exists(PK) AND payment_method = :cash'
        : 'attribute_exists(PK) AND payment_method = :cash AND (attribute_not_exists(refund_reserved_cents) OR refund_reserved_cents = :zero)',
      ExpressionAttributeValues: {
        ':cash': 'cash',
        ':status': collected ? 'paid' : 'cash',
        ...(collected ? { ':at': now.toISOString() } : { ':zero': 0 }),
      },
    },
    { by, action: 'cash', after: { payment_status: collected ? 'paid' : 'cash' } },
  );
  if ('item' in out) return out.item;
  if (!out.refused) return 'not-found';
  return out.refused.payment_method === 'cash' ? 'refunded' : 'not-cash';
}

/**
 * Claims a registration's confirmation mail: one conditional update that succeeds once per registration,
 * while it is complete (cash to bring, or paid) and not withdrawn, so the webhook and the family's return
 * from checkout racing on one payment mail once. The registration as claimed, or null (already claimed,
 * not complete, or gone).
 */
export async function claimConfirmationMail(
  seasonId: string,
  playerId: string,
  now: Date,
): Promise<RegistrationItem | null> {
  return updateTryoutIf(seasonId, playerId, {
    UpdateExpression: 'SET confirmation_mailed_at = :at',
    ConditionExpression:
      'attribute_exists(PK) AND attribute_not_exists(confirmation_mailed_at) AND ' +
      'payment_status IN (:cash, :paid, :awaiting) AND (attribute_not_exists(withdrawn) OR withdrawn = :no)',
    ExpressionAttributeValues: {
      ':at': now.toISOString(),
      ':cash': 'cash',
      ':paid': 'paid',
      ':awaiting': 'awaiting_etransfer',
      ':no': false,
    },
  });
}

/**
 * Claims the confirmation of registrations made together, all of them or none, in one transaction: those that
 * exist, are complete (cash, or paid), not withdrawn and not mailed yet, each by the same condition as
 * claimConfirmationMail. Two messages naming the same household at once never split it into two mails: the
 * one whose transaction goes first claims every child, the other finds nothing left. A transaction that lost
 * to a change meanwhile reads again and claims what is still open. Answers the claimed registrations.
 */
export async function claimConfirmationMails(
  seasonId: string,
  playerIds: readonly string[],
  now: Date,
): Promise<RegistrationItem[]> {
  // One alone cannot be split: its own claim, one write.
  if (new Set(playerIds).size === 1) {
    const one = await claimConfirmationMail(seasonId, playerIds[0]!, now);
    return one ? [one] : [];
  }
  const at = now.toISOString();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const open = (await getTryoutsOf(seasonId, playerIds)).filter(
      (t) =>
        !t.confirmation_mailed_at &&
        ['cash', 'paid', 'awaiting_etransfer'].includes(t.payment_status) &&
        t.withdrawn !== true,
    );
    if (!open.length) return [];
    const codes = await transactOrConditionCodes(() =>
      db().send(
        new TransactWriteCommand({
          TransactItems: open.map((t) => ({
            Update: {
              TableName: tableName(),
              Key: keys.tryout(seasonId, t.player_id),
              UpdateExpression: 'SET confirmation_mailed_at = :at',
              ConditionExpression:
                'attribute_exists(PK) AND attribute_not_exists(confirmation_mailed_at) AND ' +
                'payment_status IN (:cash, :paid, :awaiting) AND (attribute_not_exists(withdrawn) OR withdrawn = :no)',
              ExpressionAttributeValues: {
                ':at': at,
                ':cash': 'cash',
                ':paid': 'paid',
                ':awaiting': 'awaiting_etransfer',
                ':no': false,
              },
            },
          })),
        }),
      ),
    );
    // In the order named (a batch read answers in any order).
    const order = (t: RegistrationItem) => playerIds.indexOf(t.player_id);
    if (!codes)
      return open.sort((a, b) => order(a) - order(b)).map((t) => ({ ...t, confirmation_mailed_at: at }));
    await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
  }
  throw new Error('Confirmation claims kept changing');
}

/** Gives a claim back when its mail could not be sent, so the next chance (a redelivery, a return) mails. */
export async function releaseConfirmationMail(
  seasonId: string,
  playerId: string,
  claimedAt: string,
): Promise<void> {
  await updateTryoutIf(seasonId, playerId, {
    UpdateExpression: 'REMOVE confirmation_mailed_at',
    ConditionExpression: 'confirmation_mailed_at = :at',
    ExpressionAttributeValues: { ':at': claimedAt },
  });
}

/** The athlete details a registration shows the admin, kept current as a guardian edits them (issue 17). */
export type AthleteSnapshot = Partial<
  Pick<
    RegistrationItem,
    | 'first_name'
    | 'last_name'
    | 'parent_consent'
    | 'emergency_contact_name'
    | 'emergency_contact_phone'
    | 'emergency_contact_email'
    | 'emergency_contact_relationship'
    | 'medical_notes'
  >
>;

/** Writes an athlete's current details into its registration, if it has one; null when it has none. */
export async function refreshAthleteSnapshot(
  seasonId: string,
  playerId: string,
  fields: AthleteSnapshot | AccountSnapshot,
): Promise<RegistrationItem | null> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (!entries.length) return null;
  return updateTryoutIf(seasonId, playerId, {
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([key], i) => [`#f${i}`, key])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
  });
}

/** The account holder's own details a registration carries (issue 18: changed on the account page). */
export type AccountSnapshot = Partial<
  Pick<RegistrationItem, 'first_name' | 'last_name' | 'phone_number' | 'email'>
>;

/** Writes the account holder's current details into their own registration, if they have one. */
export function refreshAccountSnapshot(
  seasonId: string,
  playerId: string,
  fields: AccountSnapshot,
): Promise<RegistrationItem | null> {
  return refreshAthleteSnapshot(seasonId, playerId, fields);
}

/** Writes the athlete's household's guardians into its registration, if it has one (issue 17). */
export async function setGuardians(
  seasonId: string,
  playerId: string,
  guardians: readonly GuardianContact[],
): Promise<RegistrationItem | null> {
  return updateTryoutIf(seasonId, playerId, {
    UpdateExpression: 'SET guardians = :g',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':g': guardians },
  });
}

/**
 * Hands a registration to another of its athlete's guardians when the one who made it deletes their account
 * (issue 34): the guardians listed, and the registering account, its address and phone (the contact the admin
 * and the result mail use) become the remaining guardian's, in one write, so no field names the one gone.
 */
export async function handOverRegistration(
  seasonId: string,
  playerId: string,
  guardians: readonly GuardianContact[],
  to: { user_id: string; email: string; phone_number: string },
): Promise<RegistrationItem | null> {
  const index = keys.tryoutsOfUserIndex(to.user_id, seasonId);
  return updateTryoutIf(seasonId, playerId, {
    UpdateExpression:
      'SET guardians = :g, user_id = :u, email = :e, phone_number = :p, GSI1PK = :gpk, GSI1SK = :gsk',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: {
      ':g': guardians,
      ':u': to.user_id,
      ':e': to.email,
      ':p': to.phone_number,
      ':gpk': index.GSI1PK,
      ':gsk': index.GSI1SK,
    },
  });
}
