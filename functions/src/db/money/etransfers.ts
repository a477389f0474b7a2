/**
 * Interac e-Transfer items (issue 46 §2): the reference codes that tie a bank line to a registration, the
 * imported bank lines, and the one transaction that records an e-Transfer received. A line pays one
 * registration at most and a registration is paid once: the transaction conditions the line (not applied),
 * the code (open) and the registration (awaiting e-Transfer) together, never a read-then-write.
 */
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { PERSONAL_DATA_RETENTION_MONTHS, type EtransferRowView } from '@club/shared';
import { auditPut, type AuditBy } from '../platform/audit';
import { db, tableName } from '../platform/client';
import { expiresAt, keys } from '../platform/keys';
import { isConditionFailure, transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';
import { toRegistration, type RegistrationItem } from '../registration/registration-item';
import { updateTryoutIf } from '../registration/registrations';

/** Whose a reference code is: the registration (kind 'tryout') or, later, a team fee it was made for. */
export interface EtransferReferenceItem {
  code: string;
  season_id: string;
  player_id: string;
  kind: 'tryout' | 'team_fee';
  /** What it was made to pay; the registration's own amount is what a line is checked against. */
  amount_cents: number;
  /** open until an e-Transfer is recorded against it, then used. */
  state: 'open' | 'used';
  created_at: string;
  used_at?: string;
  /** The bank line that paid it (an import), absent when marked by hand. */
  row_id?: string;
}

/**
 * One line of an imported bank file. Personal data: the sender's name and message (shared
 * personal-data.ts); kept so the admin can resolve it and the same file imported again changes nothing.
 */
export interface EtransferRowItem {
  row_id: string;
  date: string;
  sender: string;
  amount_cents: number;
  message: string;
  /** open: not applied (unmatched, proposed, short or over); applied: it paid `tryout_id`. */
  state: 'open' | 'applied';
  imported_at: string;
  tryout_id?: string;
  /** Every registration it paid, when it paid several together (tryout_id is the first). */
  tryout_ids?: string[];
  season_id?: string;
  applied_at?: string;
  applied_by?: string;
}

/**
 * Claims a reference code for a registration: one put conditional on the code being nobody's, so two
 * registrations racing for the same code never share it. False when it was taken (draw another).
 */
export async function claimReference(item: EtransferReferenceItem): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.etransferReference(item.code), type: 'etransfer-reference', ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Reads a reference code (strongly consistent: an import right after a registration finds it). */
export async function getReference(code: string): Promise<EtransferReferenceItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.etransferReference(code), ConsistentRead: true }),
  );
  if (!out.Item) return null;
  const { PK: _pk, SK: _sk, type: _type, ...item } = out.Item;
  return item as EtransferReferenceItem;
}

/** Reads an imported bank line (strongly consistent). */
export async function getRow(rowId: string): Promise<EtransferRowItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.etransferRow(rowId), ConsistentRead: true }),
  );
  if (!out.Item) return null;
  const { PK: _pk, SK: _sk, type: _type, ...item } = out.Item;
  return item as EtransferRowItem;
}

/** Reads many items by key, 100 a batch, again for what DynamoDB left unprocessed (strongly consistent). */
async function getMany(
  keysToRead: ReadonlyArray<{ PK: string; SK: string }>,
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keysToRead.length; i += 100) {
    let pending: Array<Record<string, unknown>> = keysToRead.slice(i, i + 100);
    for (let attempt = 0; pending.length && attempt < 5; attempt += 1) {
      const out = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      found.push(...(out.Responses?.[tableName()] ?? []));
      pending =
        (out.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined) ?? [];
    }
    if (pending.length) throw new Error('e-Transfer items could not all be read');
  }
  return found;
}

/** The reference codes named by a file's lines (one BatchGet per 100), by code; unknown codes are left out. */
export async function getReferences(codes: readonly string[]): Promise<Map<string, EtransferReferenceItem>> {
  const items = await getMany([...new Set(codes)].map(keys.etransferReference));
  return new Map(
    items.map((item) => {
      const { PK: _pk, SK: _sk, type: _type, ...ref } = item;
      return [ref.code as string, ref as unknown as EtransferReferenceItem];
    }),
  );
}

/** The lines of a file already stored (an earlier import), by id. */
export async function getRows(rowIds: readonly string[]): Promise<Map<string, EtransferRowItem>> {
  const items = await getMany([...new Set(rowIds)].map(keys.etransferRow));
  return new Map(
    items.map((item) => {
      const { PK: _pk, SK: _sk, type: _type, ...row } = item;
      return [row.row_id as string, row as unknown as EtransferRowItem];
    }),
  );
}

/**
 * Keeps a bank line that was not applied (for the admin to resolve, and Apply on a proposal): a put only
 * where the line was never kept, so a file imported again writes nothing and can never undo a payment.
 * False when the line was kept (or applied) before.
 */
export async function keepOpenRow(row: EtransferRowView, importedAt: Date): Promise<boolean> {
  const item: EtransferRowItem = {
    row_id: row.row_id,
    date: row.date,
    sender: row.sender,
    amount_cents: row.amount_cents,
    message: row.message,
    state: 'open',
    imported_at: importedAt.toISOString(),
  };
  // A line that pays nothing is kept for the admin until retention, then expires (shared personal-data.ts).
  const expires = new Date(importedAt);
  expires.setMonth(expires.getMonth() + PERSONAL_DATA_RETENTION_MONTHS);
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.etransferRow(row.row_id),
          type: 'etransfer-row',
          ...item,
          expiresAt: expiresAt(expires),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export type ReceiveOutcome =
  | { outcome: 'received'; tryout: RegistrationItem }
  /** The registration is not awaiting this e-Transfer (paid already, withdrawn, another amount, gone). */
  | { outcome: 'not-waiting' }
  /** The code was used already (another line or the admin's hand paid it). */
  | { outcome: 'reference-used' }
  /** The bank line was applied already (to this registration or another). */
  | { outcome: 'row-applied' };

/** A registration an e-Transfer pays: awaiting one of exactly `amountCents` with this code. */
export interface EtransferPayee {
  seasonId: string;
  playerId: string;
  code: string;
  amountCents: number;
  /** The registration as the caller read it: returned paid without reading it back after the transaction. */
  registration?: RegistrationItem;
}

/**
 * Records an e-Transfer received for a registration, in one transaction: the registration becomes paid
 * (while it awaits an e-Transfer of exactly `amountCents` with this code and is not withdrawn), its code
 * becomes used (while open), the bank line (when there is one) becomes applied (while not), and the audit
 * entry is written. Whichever condition failed says why nothing changed.
 */
export async function receiveEtransfer(
  input: EtransferPayee & {
    /** The bank's line, from an import (absent when the admin marks it by hand). */
    row?: EtransferRowView;
    /** The bank's own reference (the line's, or what the admin typed). */
    bankReference?: string;
    by: AuditBy;
  },
): Promise<ReceiveOutcome> {
  const { seasonId, playerId, code, amountCents, registration, ...how } = input;
  const out = await receiveEtransferLine({
    ...how,
    payees: [{ seasonId, playerId, code, amountCents, ...(registration ? { registration } : {}) }],
  });
  return out.outcome === 'received' ? { outcome: 'received', tryout: out.tryouts[0]! } : out;
}

/**
 * Records one e-Transfer paying several registrations together (a family's one transfer naming each
 * child's code, the amounts adding up to the line's): every registration, every code and the line
 * conditioned in one transaction as for one, so all are paid or none.
 */
export async function receiveEtransferLine(input: {
  payees: readonly EtransferPayee[];
  row?: EtransferRowView;
  bankReference?: string;
  by: AuditBy;
}): Promise<
  Exclude<ReceiveOutcome, { outcome: 'received' }> | { outcome: 'received'; tryouts: RegistrationItem[] }
> {
  const at = input.by.now.toISOString();
  const bankReference = input.bankReference ?? input.row?.row_id;
  const tryoutIds = input.payees.map((p) => `${p.seasonId}.${p.playerId}`);
  const first = input.payees[0];
  if (!first) throw new Error('An e-Transfer pays at least one registration');
  const rowItem: EtransferRowItem | null = input.row
    ? {
        row_id: input.row.row_id,
        date: input.row.date,
        sender: input.row.sender,
        amount_cents: input.row.amount_cents,
        message: input.row.message,
        state: 'applied',
        imported_at: at,
        tryout_id: tryoutIds[0]!,
        ...(tryoutIds.length > 1 ? { tryout_ids: tryoutIds } : {}),
        season_id: first.seasonId,
        applied_at: at,
        applied_by: input.by.actorId,
      }
    : null;
  const payeeItems = input.payees.flatMap((p, i) => [
    {
      Update: {
        TableName: tableName(),
        Key: keys.tryout(p.seasonId, p.playerId),
        UpdateExpression:
          'SET payment_status = :paid, etransfer_paid_at = :at' +
          (bankReference ? ', etransfer_bank_reference = :bank' : '') +
          (rowItem ? ', etransfer_row_id = :row' : ''),
        ConditionExpression:
          'attribute_exists(PK) AND payment_method = :method AND payment_status = :awaiting AND ' +
          'etransfer_reference = :code AND amount_cents = :amount AND ' +
          '(attribute_not_exists(withdrawn) OR withdrawn = :no)',
        ExpressionAttributeValues: {
          ':paid': 'paid',
          ':at': at,
          ':method': 'etransfer',
          ':awaiting': 'awaiting_etransfer',
          ':code': p.code,
          ':amount': p.amountCents,
          ':no': false,
          ...(bankReference ? { ':bank': bankReference } : {}),
          ...(rowItem ? { ':row': rowItem.row_id } : {}),
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.etransferReference(p.code),
        UpdateExpression: rowItem
          ? 'SET #state = :used, used_at = :at, row_id = :row'
          : 'SET #state = :used, used_at = :at',
        ConditionExpression: '#state = :open',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':used': 'used',
          ':open': 'open',
          ':at': at,
          ...(rowItem ? { ':row': rowItem.row_id } : {}),
        },
      },
    },
    auditPut(
      input.by,
      {
        action: 'etransfer_received',
        seasonId: p.seasonId,
        playerId: p.playerId,
        tryoutId: tryoutIds[i]!,
      },
      { payment_status: 'awaiting_etransfer' },
      {
        payment_status: 'paid',
        amount_cents: p.amountCents,
        ...(bankReference ? { bank_reference: bankReference } : {}),
        ...(rowItem ? { row_id: rowItem.row_id } : {}),
      },
    ),
  ]);
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          ...payeeItems,
          ...(rowItem
            ? [
                {
                  Put: {
                    TableName: tableName(),
                    Item: { ...keys.etransferRow(rowItem.row_id), type: 'etransfer-row', ...rowItem },
                    ConditionExpression: 'attribute_not_exists(PK) OR #state <> :applied',
                    ExpressionAttributeNames: { '#state': 'state' },
                    ExpressionAttributeValues: { ':applied': 'applied' },
                  },
                },
              ]
            : []),
        ],
      }),
    ),
  );
  if (!codes) {
    // The transaction's conditions held, so a registration read before is as written but for what it set.
    const tryouts = await Promise.all(
      input.payees.map(async (p) => {
        if (p.registration) {
          return {
            ...p.registration,
            payment_status: 'paid' as const,
            etransfer_paid_at: at,
            ...(bankReference ? { etransfer_bank_reference: bankReference } : {}),
            ...(rowItem ? { etransfer_row_id: rowItem.row_id } : {}),
          };
        }
        const out = await db().send(
          new GetCommand({
            TableName: tableName(),
            Key: keys.tryout(p.seasonId, p.playerId),
            ConsistentRead: true,
          }),
        );
        return toRegistration(out.Item!);
      }),
    );
    return { outcome: 'received', tryouts };
  }
  // The items' order: per registration its update, its code and its audit entry; then the line.
  const failed = (k: number) =>
    codes.some((c, i) => c === 'ConditionalCheckFailed' && i < payeeItems.length && i % 3 === k);
  if (rowItem && codes[payeeItems.length] === 'ConditionalCheckFailed') return { outcome: 'row-applied' };
  if (failed(1)) return { outcome: 'reference-used' };
  if (failed(0)) return { outcome: 'not-waiting' };
  throw new Error(`e-Transfer transaction failed: ${codes.join(',')}`);
}

/**
 * Claims the family's "e-Transfer received" mail: one conditional update that succeeds once per payment
 * (the registration was recorded received and its mail not claimed), so a message queued twice, or an
 * import retried, mails once. The registration as claimed, or null (mailed already, not received, gone).
 */
export async function claimReceivedMail(
  seasonId: string,
  playerId: string,
  now: Date,
): Promise<RegistrationItem | null> {
  return updateTryoutIf(seasonId, playerId, {
    UpdateExpression: 'SET etransfer_mailed_at = :at',
    ConditionExpression:
      'attribute_exists(PK) AND payment_method = :method AND attribute_exists(etransfer_paid_at) AND ' +
      'attribute_not_exists(etransfer_mailed_at)',
    ExpressionAttributeValues: { ':at': now.toISOString(), ':method': 'etransfer' },
  });
}

/** Gives the mail's claim back when it could not be sent, so the queue's next try mails. */
export async function releaseReceivedMail(
  seasonId: string,
  playerId: string,
  claimedAt: string,
): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(seasonId, playerId),
        UpdateExpression: 'REMOVE etransfer_mailed_at',
        ConditionExpression: 'etransfer_mailed_at = :at',
        ExpressionAttributeValues: { ':at': claimedAt },
      }),
    ),
  );
}
