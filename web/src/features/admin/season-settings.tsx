/**
 * A season's settings (issue 15): its name, tryout fee (in dollars), the year its age groups count from, and
 * its sessions (tryouts and open gyms: age groups, day, start and end in Edmonton time, gym and address),
 * checked with the shared UpdateSeasonSchema and saved together. The year is locked once players have
 * registered (the server refuses it too). A refusal keeps everything typed.
 */
import { memo, useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { AGE_GROUPS, SESSION_KINDS, type AgeGroup, type SessionKind } from '@club/shared/constants';
import { fieldMessages } from '@club/shared/messages';
import { UpdateSeasonSchema, type UpdateSeasonInput } from '@club/shared/schemas';
import { centsToDollars, dollarsToCents, formatCad } from '@club/shared/tryouts';
import type { AdminSeason, TryoutSession } from '@club/shared/types';
import { FieldError, TextField } from '../../components/form-field';
import { adminMessages as t } from './messages';

interface SessionDraft {
  /** Keeps a row's inputs with it when another row is removed. */
  key: number;
  kind: SessionKind;
  age_groups: AgeGroup[];
  date: string;
  start: string;
  end: string;
  location: string;
  address: string;
}

let nextKey = 1;

function toDraft(session: TryoutSession): SessionDraft {
  return {
    key: nextKey++,
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
function newDraft(last: SessionDraft | undefined): SessionDraft {
  return last
    ? { ...last, key: nextKey++, age_groups: [...last.age_groups], date: '' }
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

function fromDraft(draft: SessionDraft) {
  return {
    kind: draft.kind,
    age_groups: draft.age_groups,
    starts_at: `${draft.date}T${draft.start}`,
    ends_at: `${draft.date}T${draft.end}`,
    location: draft.location,
    address: draft.address,
  };
}

/** The first message per field: `name`, `tryout_fee_cents`, `reference_year`, `sessions` or `sessions.<i>`. */
type Errors = Partial<Record<string, string>>;

function errorsOf(issues: readonly v.BaseIssue<unknown>[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((p) => String(p.key));
    const key = path[0] === 'sessions' && path.length > 1 ? `sessions.${path[1]}` : (path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

function SessionFields({
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

export const SeasonSettings = memo(function SeasonSettings({
  season,
  hasRegistrations,
  onSave,
}: {
  season: AdminSeason;
  /** The age year is locked once anyone has registered. */
  hasRegistrations: boolean;
  /** Saves the settings; true when saved (the toasts are the caller's). */
  onSave: (id: string, input: UpdateSeasonInput) => Promise<boolean>;
}) {
  const [name, setName] = useState(season.name);
  const [fee, setFee] = useState(centsToDollars(season.tryout_fee_cents));
  const [siblingFee, setSiblingFee] = useState(centsToDollars(season.sibling_fee_cents));
  const [year, setYear] = useState(String(season.reference_year));
  const [opensOn, setOpensOn] = useState(season.registration_opens_on ?? '');
  const [sessions, setSessions] = useState(() => season.sessions.map(toDraft));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  /** The first field in error takes the focus (a session in error: its first control). */
  function focusFirstError(found: Errors) {
    const field = (
      ['name', 'tryout_fee_cents', 'sibling_fee_cents', 'reference_year', 'registration_opens_on'] as const
    ).find((key) => found[key]);
    if (field) {
      const suffix = {
        name: 'name',
        tryout_fee_cents: 'fee',
        sibling_fee_cents: 'sibling',
        reference_year: 'year',
        registration_opens_on: 'opens',
      }[field];
      document.getElementById(`${id}-${suffix}`)?.focus();
      return;
    }
    const index = sessions.findIndex((_, i) => found[`sessions.${i}`]);
    form.current?.querySelectorAll('.admin-session')[index]?.querySelector<HTMLElement>('select')?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const cents = dollarsToCents(fee);
    const siblingCents = dollarsToCents(siblingFee);
    const input = {
      name,
      tryout_fee_cents: cents ?? Number.NaN,
      sibling_fee_cents: siblingCents ?? Number.NaN,
      reference_year: /^\d{4}$/.test(year.trim()) ? Number(year) : Number.NaN,
      sessions: sessions.map(fromDraft),
      registration_opens_on: opensOn.trim(),
    };
    const parsed = v.safeParse(UpdateSeasonSchema, input);
    const found = parsed.success ? {} : errorsOf(parsed.issues);
    if (cents === null) found.tryout_fee_cents = fieldMessages.tryoutFeeInvalid;
    if (siblingCents === null) found.sibling_fee_cents = fieldMessages.siblingFeeInvalid;
    else if (cents !== null && siblingCents > cents)
      found.sibling_fee_cents = fieldMessages.siblingFeeAboveFee;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length) {
      focusFirstError(found);
      return;
    }
    setBusy(true);
    const { reference_year, ...rest } = parsed.output;
    // A locked year is not sent at all, so changing the fee or sessions never trips over it.
    await onSave(season.id, hasRegistrations ? rest : { ...rest, reference_year });
    setBusy(false);
  }

  return (
    <details className="admin-disclosure admin-settings">
      <summary>
        <span>
          {t.seasonSettings}{' '}
          <span className="admin-summary-note">
            ({formatCad(season.tryout_fee_cents)} · {t.sessionCount(season.sessions.length)})
          </span>
        </span>
      </summary>
      <form ref={form} className="admin-settings-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="admin-settings-grid">
          <TextField
            id={`${id}-name`}
            label={t.settingsName}
            value={name}
            error={errors.name}
            autoComplete="off"
            maxLength={100}
            onValueChange={setName}
          />
          <TextField
            id={`${id}-fee`}
            label={t.tryoutFee}
            value={fee}
            error={errors.tryout_fee_cents}
            inputMode="decimal"
            autoComplete="off"
            onValueChange={setFee}
          />
          <TextField
            id={`${id}-sibling`}
            label={t.siblingFee}
            value={siblingFee}
            error={errors.sibling_fee_cents}
            inputMode="decimal"
            autoComplete="off"
            onValueChange={setSiblingFee}
          />
          <div className="form-field">
            <label htmlFor={`${id}-year`}>{t.referenceYear}</label>
            <input
              id={`${id}-year`}
              aria-invalid={Boolean(errors.reference_year)}
              aria-describedby={[errors.reference_year ? `${id}-year-error` : '', `${id}-year-note`]
                .filter(Boolean)
                .join(' ')}
              inputMode="numeric"
              maxLength={4}
              value={year}
              disabled={hasRegistrations}
              onChange={(e) => setYear(e.target.value)}
            />
            <FieldError id={`${id}-year`} error={errors.reference_year} />
            <p id={`${id}-year-note`} className="form-note">
              {hasRegistrations ? t.referenceYearLocked : t.referenceYearNote}
            </p>
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-opens`}>{t.registrationOpensOn}</label>
            <input
              id={`${id}-opens`}
              type="date"
              aria-invalid={Boolean(errors.registration_opens_on)}
              aria-describedby={[errors.registration_opens_on ? `${id}-opens-error` : '', `${id}-opens-note`]
                .filter(Boolean)
                .join(' ')}
              value={opensOn}
              onChange={(e) => setOpensOn(e.target.value)}
            />
            <FieldError id={`${id}-opens`} error={errors.registration_opens_on} />
            <p id={`${id}-opens-note`} className="form-note">
              {t.registrationOpensOnNote}
            </p>
          </div>
        </div>
        <p className="form-note">{t.tryoutFeeNote}</p>
        <h3 className="admin-settings-heading">{t.sessions}</h3>
        {sessions.length === 0 ? <p className="form-note">{t.noSessions}</p> : null}
        {sessions.map((draft, index) => (
          <SessionFields
            key={draft.key}
            draft={draft}
            index={index}
            error={errors[`sessions.${index}`]}
            onChange={(next) => setSessions((all) => all.map((s) => (s.key === draft.key ? next : s)))}
            onRemove={() => setSessions((all) => all.filter((s) => s.key !== draft.key))}
          />
        ))}
        <FieldError id={`${id}-sessions`} error={errors.sessions} />
        <p className="admin-form-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setSessions((all) => [...all, newDraft(all.at(-1))])}
          >
            {t.addSession}
          </button>
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t.saving : t.saveSettings}
          </button>
        </p>
      </form>
    </details>
  );
});
