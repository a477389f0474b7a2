/**
 * One tryout or open-gym session of a season's settings (issue 15) as the form edits it: its draft (strings as
 * typed, so nothing typed is lost to a refusal), the fields, and the errors the shared schema's issues name.
 */
import { useId } from 'react';
import * as v from 'valibot';
import { AGE_GROUPS, SESSION_KINDS, type AgeGroup, type SessionKind } from '@club/shared/constants';
import type { TryoutSession } from '@club/shared/types';
import { FieldError } from '../../components/form-field';
import { adminMessages as t } from './messages';

export interface SessionDraft {
  /** Keeps a row's inputs with it when another row is removed. */
  key: number;
  /** The saved session this row edits (issue 36: its calendar event and change mail follow it). */
  id?: string | undefined;
  kind: SessionKind;
  age_groups: AgeGroup[];
  date: string;
  start: string;
  end: string;
  location: string;
  address: string;
}

let nextKey = 1;

export function toDraft(session: TryoutSession): SessionDraft {
  return {
    key: nextKey++,
    id: session.id,
    kind: session.kind,
    age_groups: [...session.age_groups],
    date: session.starts_at.slice(0, 10),
    start: session.starts_at.slice(11),
    end: session.ends_at.slice(11),
    location: session.location,
    address: session.address,
  };
}

/** A new row starts where the last one was (same gym, groups and times), on a day still to choose. */
export function newDraft(last: SessionDraft | undefined): SessionDraft {
  return last
    ? { ...last, key: nextKey++, id: undefined, age_groups: [...last.age_groups], date: '' }
    : {
        key: nextKey++,
        kind: 'tryout',
        age_groups: [],
        date: '',
        start: '18:00',
        end: '19:30',
        location: '',
        address: '',
      };
}

export function fromDraft(draft: SessionDraft) {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    kind: draft.kind,
    age_groups: draft.age_groups,
    starts_at: `${draft.date}T${draft.start}`,
    ends_at: `${draft.date}T${draft.end}`,
    location: draft.location,
    address: draft.address,
  };
}

/** The first message per field: `name`, `tryout_fee_cents`, `reference_year`, `sessions` or `sessions.<i>`. */
export type Errors = Partial<Record<string, string>>;

export function errorsOf(issues: readonly v.BaseIssue<unknown>[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((p) => String(p.key));
    const key = path[0] === 'sessions' && path.length > 1 ? `sessions.${path[1]}` : (path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function SessionFields({
  draft,
  index,
  error,
  onChange,
  onRemove,
}: {
  draft: SessionDraft;
  index: number;
  error: string | undefined;
  onChange: (draft: SessionDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const set = <K extends keyof SessionDraft>(field: K, value: SessionDraft[K]) =>
    onChange({ ...draft, [field]: value });
  const errorTarget = `${id}-session`;
  return (
    <fieldset
      className={error ? 'admin-session admin-session-invalid' : 'admin-session'}
      aria-describedby={error ? `${errorTarget}-error` : undefined}
    >
      <legend>{t.sessionNumber(index + 1)}</legend>
      <div className="admin-session-grid">
        <div className="admin-field">
          <label htmlFor={`${id}-kind`}>{t.sessionKind}</label>
          <select
            id={`${id}-kind`}
            value={draft.kind}
            onChange={(e) => set('kind', e.target.value as SessionKind)}
          >
            {SESSION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t.sessionKinds[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-date`}>{t.sessionDate}</label>
          <input
            id={`${id}-date`}
            type="date"
            value={draft.date}
            onChange={(e) => set('date', e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-start`}>{t.sessionStart}</label>
          <input
            id={`${id}-start`}
            type="time"
            value={draft.start}
            onChange={(e) => set('start', e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-end`}>{t.sessionEnd}</label>
          <input
            id={`${id}-end`}
            type="time"
            value={draft.end}
            onChange={(e) => set('end', e.target.value)}
          />
        </div>
        <div className="admin-field admin-session-wide">
          <label htmlFor={`${id}-location`}>{t.sessionLocation}</label>
          <input
            id={`${id}-location`}
            value={draft.location}
            maxLength={160}
            placeholder="e.g. Harry Ainlay gym"
            onChange={(e) => set('location', e.target.value)}
          />
        </div>
        <div className="admin-field admin-session-wide">
          <label htmlFor={`${id}-address`}>{t.sessionAddress}</label>
          <input
            id={`${id}-address`}
            value={draft.address}
            maxLength={160}
            autoComplete="off"
            placeholder="e.g. 4350 111 St NW, Edmonton"
            onChange={(e) => set('address', e.target.value)}
          />
        </div>
      </div>
      <fieldset className="admin-session-groups">
        <legend>{t.sessionAgeGroups}</legend>
        {AGE_GROUPS.map((group) => (
          <label key={group} className="admin-check">
            <input
              type="checkbox"
              checked={draft.age_groups.includes(group)}
              onChange={(e) =>
                set(
                  'age_groups',
                  e.target.checked
                    ? AGE_GROUPS.filter((g) => g === group || draft.age_groups.includes(g))
                    : draft.age_groups.filter((g) => g !== group),
                )
              }
            />
            {group}
          </label>
        ))}
      </fieldset>
      <FieldError id={errorTarget} error={error} />
      <p className="admin-form-actions">
        <button type="button" className="admin-link-button" onClick={onRemove}>
          {t.removeSession(index + 1)}
        </button>
      </p>
    </fieldset>
  );
}
