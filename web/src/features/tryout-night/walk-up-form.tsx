/**
 * A walk-up at the door (issues 37 and 42): a family registers their child on the helper's phone, pays cash
 * and is checked in with the next number. The parent types their own details, who to call in an emergency,
 * any medical notes and whether the club may take photos, and accepts the season's waiver by typing their
 * full name; only the groups the child's birth year and division fit are offered. The shared schema checks
 * everything first; the server's refusal keeps what was typed.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  EMERGENCY_CONTACT_RELATIONSHIPS,
  type AgeGroup,
  type Division,
  type EmergencyContactRelationship,
} from '@club/shared/constants';
import { formatCad } from '@club/shared/money';
import { fieldErrors } from '@club/shared/schemas';
import { WalkUpSchema, type WalkUpInput } from '@club/shared/tryout-night-schemas';
import type { TonightAnswer, WalkUpAnswer } from '@club/shared/tryout-night';
import { groupsFor, RELATIONSHIP_LABELS } from '@club/shared/tryouts';
import { DivisionChoice } from '../../components/division-choice';
import { controlProps, FieldError, FormField } from '../../components/form-field';
import { ApiError, serverMessageOr } from '../../lib/api-client';
import { registerWalkUp } from './api';

type Fields = {
  guardian_first: string;
  guardian_last: string;
  email: string;
  phone: string;
  child_first: string;
  child_last: string;
  born: string;
  division: Division | '';
  age_group: AgeGroup | '';
  /** Who is called in an emergency: the parent above, or someone else named here. */
  contact: '' | 'parent' | 'other';
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  contact_relationship: EmergencyContactRelationship | '';
  medical: string;
  /** The parent's answer about photos and video, asked every time (not answered is not a yes). */
  photos: '' | 'yes' | 'no';
  signed: string;
  cash: boolean;
};

const EMPTY: Fields = {
  guardian_first: '',
  guardian_last: '',
  email: '',
  phone: '',
  child_first: '',
  child_last: '',
  born: '',
  division: '',
  age_group: '',
  contact: '',
  contact_name: '',
  contact_phone: '',
  contact_email: '',
  contact_relationship: '',
  medical: '',
  photos: '',
  signed: '',
  cash: false,
};

/** What the form asks beyond the shared schema: the two questions a helper must not skip. */
export const walkUpAsks = {
  contactRequired: 'Ask who to call in an emergency.',
  photosRequired: 'Ask whether the club may use photos and video.',
} as const;

/** The schema's error paths, by this form's field names. */
const FIELD_OF: Record<string, keyof Fields> = {
  'guardian.first_name': 'guardian_first',
  'guardian.last_name': 'guardian_last',
  'guardian.email': 'email',
  'guardian.phone_number': 'phone',
  'athlete.first_name': 'child_first',
  'athlete.last_name': 'child_last',
  'athlete.date_of_birth': 'born',
  'athlete.division': 'division',
  'athlete.medical_notes': 'medical',
  'emergency_contact.name': 'contact_name',
  'emergency_contact.phone_number': 'contact_phone',
  'emergency_contact.email': 'contact_email',
  'emergency_contact.relationship': 'contact_relationship',
  age_group: 'age_group',
  waiver_signed_name: 'signed',
  cash_collected: 'cash',
};

export function WalkUpForm({
  seasonId,
  walkUp,
  onDone,
  onCancel,
}: {
  seasonId: string;
  walkUp: TonightAnswer['walk_up'];
  onDone: (answer: WalkUpAnswer) => void;
  onCancel: () => void;
}) {
  const [f, setF] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setF((all) => ({ ...all, [key]: value }));
  const fits =
    f.born && f.division
      ? groupsFor({ date_of_birth: f.born, division: f.division }, walkUp.age_groups, walkUp.reference_year)
      : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const input = {
      guardian: {
        first_name: f.guardian_first,
        last_name: f.guardian_last,
        email: f.email,
        phone_number: f.phone,
      },
      athlete: {
        first_name: f.child_first,
        last_name: f.child_last,
        date_of_birth: f.born,
        division: f.division,
        ...(f.medical.trim() ? { medical_notes: f.medical } : {}),
      },
      ...(f.contact === 'other'
        ? {
            emergency_contact: {
              name: f.contact_name,
              phone_number: f.contact_phone,
              email: f.contact_email,
              relationship: f.contact_relationship,
            },
          }
        : {}),
      age_group: f.age_group,
      payment_method: 'cash',
      cash_collected: f.cash,
      ...(f.photos ? { photo_consent: f.photos === 'yes' } : {}),
      ...(walkUp.waiver_text ? { waiver_signed_name: f.signed } : {}),
    };
    const found: Partial<Record<keyof Fields, string>> = {};
    for (const [path, message] of Object.entries(fieldErrors(WalkUpSchema, input))) {
      const field = FIELD_OF[path];
      if (field && message) found[field] = message;
    }
    if (!f.contact) found.contact = walkUpAsks.contactRequired;
    if (!f.photos) found.photos = walkUpAsks.photosRequired;
    if (walkUp.waiver_text && !f.signed.trim()) {
      found.signed = 'The parent or guardian types their full name to accept the waiver.';
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setProblem(null);
    try {
      onDone(await registerWalkUp(seasonId, input as WalkUpInput));
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? serverMessageOr(error, 'The walk-up could not be registered.')
          : 'Walk-ups need the network: try again when the phone is back online.',
      );
    } finally {
      setBusy(false);
    }
  }

  const text = (key: keyof Fields, label: string, type = 'text', autoComplete = 'off') => (
    <div className="form-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        {...controlProps(`${id}-${key}`, errors[key])}
        type={type}
        autoComplete={autoComplete}
        value={String(f[key])}
        onChange={(e) => set(key, e.target.value as never)}
      />
      <FieldError id={`${id}-${key}`} error={errors[key]} />
    </div>
  );

  const choice = <K extends 'contact' | 'photos'>(
    key: K,
    legend: string,
    options: ReadonlyArray<readonly [Fields[K], string]>,
  ) => (
    <fieldset
      className="night-choice"
      aria-invalid={Boolean(errors[key])}
      aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
    >
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <div className="form-check" key={String(value)}>
          <input
            id={`${id}-${key}-${String(value)}`}
            type="radio"
            name={`${id}-${key}`}
            checked={f[key] === value}
            onChange={() => set(key, value)}
          />{' '}
          <label htmlFor={`${id}-${key}-${String(value)}`}>{label}</label>
        </div>
      ))}
      <FieldError id={`${id}-${key}`} error={errors[key]} />
    </fieldset>
  );
  const child = f.child_first.trim() || 'the child';

  return (
    <form
      className="night-walk-up"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Walk-up registration</h2>
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      <fieldset>
        <legend>Parent or guardian</legend>
        {text('guardian_first', 'First name')}
        {text('guardian_last', 'Last name')}
        {text('email', 'E-mail (their account is sent here)', 'email')}
        {text('phone', 'Phone', 'tel')}
      </fieldset>
      <fieldset>
        <legend>Child</legend>
        {text('child_first', 'Child’s first name')}
        {text('child_last', 'Child’s last name')}
        {text('born', 'Date of birth', 'date')}
        <DivisionChoice
          id={`${id}-div`}
          value={f.division}
          error={errors.division}
          onChange={(d) => set('division', d)}
        />
        <div className="form-field">
          <label htmlFor={`${id}-group`}>Age group</label>
          <select
            {...controlProps(`${id}-group`, errors.age_group)}
            value={f.age_group}
            onChange={(e) => set('age_group', e.target.value as AgeGroup)}
          >
            <option value="">
              {fits.length ? 'Choose a group' : 'Enter the birth date and teams first'}
            </option>
            {fits.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
          <FieldError id={`${id}-group`} error={errors.age_group} />
        </div>
        <FormField
          id={`${id}-medical`}
          label="Medical notes (optional)"
          error={errors.medical}
          hint="Conditions, allergies or medication. Only the club’s administrators see them."
        >
          {(aria) => (
            <textarea
              {...aria}
              rows={2}
              maxLength={500}
              value={f.medical}
              onChange={(e) => set('medical', e.target.value)}
            />
          )}
        </FormField>
      </fieldset>
      {choice('contact', 'Who do we call in an emergency?', [
        ['parent', 'The parent or guardian above'],
        ['other', 'Someone else'],
      ])}
      {f.contact === 'other' ? (
        <fieldset>
          <legend>Emergency contact</legend>
          {text('contact_name', 'Contact’s name')}
          {text('contact_phone', 'Contact’s phone', 'tel')}
          {text('contact_email', 'Contact’s e-mail', 'email')}
          <div className="form-field">
            <label htmlFor={`${id}-contact_relationship`}>Relationship to the child</label>
            <select
              {...controlProps(`${id}-contact_relationship`, errors.contact_relationship)}
              value={f.contact_relationship}
              onChange={(e) =>
                set('contact_relationship', e.target.value as EmergencyContactRelationship | '')
              }
            >
              <option value="">Select relationship</option>
              {EMERGENCY_CONTACT_RELATIONSHIPS.map((r) => (
                <option key={r} value={r}>
                  {RELATIONSHIP_LABELS[r]}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-contact_relationship`} error={errors.contact_relationship} />
          </div>
        </fieldset>
      ) : null}
      {choice('photos', 'Photos and video', [
        ['yes', `Yes: the club may use photos and video of ${child} from tryouts this season`],
        ['no', 'No photos'],
      ])}
      {walkUp.waiver_text ? (
        <fieldset>
          <legend>Waiver</legend>
          <p className="night-waiver">{walkUp.waiver_text}</p>
          {text('signed', 'Parent types their full name to accept')}
        </fieldset>
      ) : null}
      <div className="form-check">
        <input
          id={`${id}-cash`}
          type="checkbox"
          checked={f.cash}
          aria-invalid={Boolean(errors.cash)}
          aria-describedby={errors.cash ? `${id}-cash-error` : undefined}
          onChange={(e) => set('cash', e.target.checked)}
        />{' '}
        <label htmlFor={`${id}-cash`}>{`I took ${formatCad(walkUp.fee_cents)} in cash`}</label>
        <FieldError id={`${id}-cash`} error={errors.cash} />
      </div>
      <p className="admin-form-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Registering…' : 'Register and check in'}
        </button>{' '}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}
