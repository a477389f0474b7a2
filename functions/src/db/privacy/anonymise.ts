/**
 * The anonymising write of a record kept for the club's records once its person is deleted, built from the
 * declaration of personal data (shared personal-data.ts, decision 0069): each declared field is removed,
 * kept or replaced as declared, so a field added there is reached by account deletion, athlete removal and
 * retention with no edit here.
 */
import { personalRecord, type RecordKind } from '@club/shared/personal-data';

export interface AnonymisingUpdate {
  UpdateExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export interface AnonymisingOptions {
  /** On a record about two people, only the fields of this one (a score: the athlete's note). */
  whose?: 'athlete' | 'helper';
  /** More attributes to set (e.g. when it was anonymised). */
  set?: Record<string, unknown>;
  /** More attributes to remove: the record's links that are not fields (its place in an index). */
  unlink?: readonly string[];
}

export function anonymisingUpdate(kind: RecordKind, options: AnonymisingOptions = {}): AnonymisingUpdate {
  const record = personalRecord(kind);
  if (record.onDeletion !== 'anonymise') throw new Error(`A ${kind} is deleted whole, not anonymised`);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  const name = (attribute: string) => {
    const placeholder = `#a${Object.keys(names).length}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  // Declared fields by placeholder (a field may be a reserved word: name, value); the caller's own plainly.
  const setTo = (attribute: string, value: unknown, plainly = false) => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = value;
    sets.push(`${plainly ? attribute : name(attribute)} = ${placeholder}`);
  };
  for (const field of record.fields) {
    if (options.whose && field.whose !== options.whose) continue;
    if (field.anonymised === 'keep') continue;
    if (field.anonymised === 'remove') removes.push(name(field.field));
    else setTo(field.field, field.anonymised.replace);
  }
  for (const [attribute, value] of Object.entries(options.set ?? {})) setTo(attribute, value, true);
  removes.push(...(options.unlink ?? []));
  const expression = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    UpdateExpression: expression,
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}
