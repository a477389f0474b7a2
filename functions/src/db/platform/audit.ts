/**
 * The audit trail (issue 19): every administrator change writes one entry (who, what, before, after, when)
 * in the SAME transaction as the change, so there is never a change without its entry nor an entry without
 * its change. An entry holds ids and the values changed (results, amounts, dates, links), never a member's
 * name, address or phone: the admin screen shows it beside the row it names. Entries live in the season's
 * own audit partition and go with the season's personal data (services/privacy/retention.ts).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditEntry } from '@club/shared';
import { db, queryAll, tableName } from './client';
import type { ConditionalUpdate } from './exactly-once';
import { keys } from './keys';
import { transactOrConditionCodes } from './transactions';

/** Who is changing something, and when (an injected clock in tests). */
export interface AuditBy {
  actorId: string;
  now: Date;
  /** A helper's name (issue 37): the admin's history shows who worked the door. */
  actorName?: string;
}

/** What a change is about; `before` is read by the write itself where it can be. */
export interface AuditSubject {
  action: AuditAction;
  seasonId: string;
  /** The registration's player, for a change of one row (its public id is `tryoutId`). */
  playerId?: string;
  tryoutId?: string;
}

type Item = Record<string, unknown>;
type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

/** The Put of an entry, to go in the change's own transaction. */
export function auditPut(
  by: AuditBy,
  subject: AuditSubject,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): TransactItem {
  const id = randomUUID();
  const at = by.now.toISOString();
  const entry: AuditEntry = {
    id,
    at,
    actor_id: by.actorId,
    ...(by.actorName ? { actor_name: by.actorName } : {}),
    action: subject.action,
    season_id: subject.seasonId,
    ...(subject.tryoutId ? { tryout_id: subject.tryoutId } : {}),
    before,
    after,
  };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.auditEntry(subject.seasonId, at, id),
        ...(subject.playerId ? keys.auditOfRowIndex(subject.seasonId, subject.playerId, at, id) : {}),
        type: 'audit',
        ...entry,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** An entry for something that changes nothing in the table (a CSV download): written alone. */
export async function writeAudit(
  by: AuditBy,
  subject: AuditSubject,
  after: Record<string, unknown>,
): Promise<void> {
  await db().send(new PutCommand(auditPut(by, subject, {}, after).Put!));
}

/** How often a change is tried again when one of its fields changed between the read and the write. */
const MAX_ATTEMPTS = 5;

/**
 * Runs a conditional update of one item together with its audit entry, in one transaction. The item is read
 * first (strongly consistent) for the entry's `before`; the update is also conditional on the changed
 * fields still holding what was read, so `before` is exactly what the change replaced, and a concurrent
 * change of them starts over. `fields` are attribute paths ('attended', 'teamsnap_links.15U'); `after` is
 * what the update sets them to. `extra` items (a ConditionCheck) join the transaction.
 *
 * Answers the item as written, or, when the update's own condition (or an extra item's) refused, the item as
 * it is (null when there is none) and the failed codes.
 */
export async function updateAudited(input: {
  key: { PK: string; SK: string };
  update: ConditionalUpdate;
  fields: readonly string[];
  after: Record<string, unknown>;
  by: AuditBy;
  subject: AuditSubject;
  extra?: TransactItem[];
}): Promise<{ item: Item } | { refused: Item | null; codes: string[] }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await read(input.key);
    if (!current) return { refused: null, codes: ['ConditionalCheckFailed'] };
    const before = Object.fromEntries(input.fields.map((path) => [path, valueAt(current, path) ?? null]));
    const guard = unchanged(input.fields, current);
    // The entry's time is when this attempt writes, so entries order as their changes landed.
    const by = attempt === 0 ? input.by : { ...input.by, now: new Date() };
    const codes = await transactOrConditionCodes(() =>
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: input.key,
                UpdateExpression: input.update.UpdateExpression,
                ConditionExpression: `(${input.update.ConditionExpression}) AND ${guard.expression}`,
                ...nonEmpty('ExpressionAttributeNames', {
                  ...input.update.ExpressionAttributeNames,
                  ...guard.names,
                }),
                ...nonEmpty('ExpressionAttributeValues', {
                  ...input.update.ExpressionAttributeValues,
                  ...guard.values,
                }),
              },
            },
            auditPut(by, input.subject, before, input.after),
            ...(input.extra ?? []),
          ],
        }),
      ),
    );
    if (!codes) return { item: (await read(input.key))! };
    const now = await read(input.key);
    const moved = codes[0] === 'ConditionalCheckFailed' && now && !sameFields(input.fields, current, now);
    if (!moved) return { refused: now, codes };
  }
  throw new Error('An audited change kept colliding with other changes of the same fields');
}

/** A season's entries, newest first; with a player, only that registration's (GSI1). */
export async function listAudit(seasonId: string, playerId?: string): Promise<AuditEntry[]> {
  const items = await queryAll(
    playerId
      ? {
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.auditOfRowIndex(seasonId, playerId).GSI1PK },
          ScanIndexForward: false,
        }
      : {
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.auditOfSeason(seasonId).PK },
          ScanIndexForward: false,
          ConsistentRead: true,
        },
  );
  return items.map(toAuditEntry);
}

/** The keys of a season's entries (the retention job deletes them with the season's personal data). */
export async function auditKeysOfSeason(seasonId: string): Promise<Array<{ PK: string; SK: string }>> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.auditOfSeason(seasonId).PK },
    ProjectionExpression: 'PK, SK',
  });
  return items as Array<{ PK: string; SK: string }>;
}

function toAuditEntry(item: Item): AuditEntry {
  return {
    id: item.id as string,
    at: item.at as string,
    actor_id: item.actor_id as string,
    ...(typeof item.actor_name === 'string' ? { actor_name: item.actor_name } : {}),
    action: item.action as AuditAction,
    season_id: item.season_id as string,
    ...(item.tryout_id ? { tryout_id: item.tryout_id as string } : {}),
    before: (item.before as Record<string, unknown>) ?? {},
    after: (item.after as Record<string, unknown>) ?? {},
  };
}

async function read(key: { PK: string; SK: string }): Promise<Item | null> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item ?? null;
}

/** DynamoDB refuses an empty map of names or values: such a map is left out. */
function nonEmpty(name: string, map: Record<string, unknown>) {
  return Object.keys(map).length ? { [name]: map } : {};
}

function valueAt(item: Item, path: string): unknown {
  return path.split('.').reduce<unknown>((value, name) => (value as Item | undefined)?.[name], item);
}

function sameFields(fields: readonly string[], a: Item, b: Item): boolean {
  return fields.every((path) => JSON.stringify(valueAt(a, path)) === JSON.stringify(valueAt(b, path)));
}

/** A condition that each field still holds what was read (absent stays absent). */
function unchanged(fields: readonly string[], current: Item) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = fields.map((path, i) => {
    const ref = path
      .split('.')
      .map((name, j) => {
        names[`#audit${i}_${j}`] = name;
        return `#audit${i}_${j}`;
      })
      .join('.');
    const value = valueAt(current, path);
    if (value === undefined) return `attribute_not_exists(${ref})`;
    values[`:audit${i}`] = value;
    return `${ref} = :audit${i}`;
  });
  return { expression: parts.length ? `(${parts.join(' AND ')})` : 'attribute_exists(PK)', names, values };
}
