/**
 * An athlete's details (issue 17): the sign-up form's fields, rules and messages for names, birth date,
 * emergency contact and consent, checked on blur and on submit with the shared schemas; consent only under
 * 18, given by the guardian filling it in.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import {
  AthleteSchema,
  athleteFields,
  EMERGENCY_CONTACT_RELATIONSHIPS,
  fieldErrors,
  fieldMessages,
  isIsoDate,
  isMinor,
  todayInClubZone,
} from '@club/shared';
import type { Division } from '@club/shared/constants';
import type { AthleteInput } from '@club/shared/schemas';
import type { Athlete } from '@club/shared/types';
import { RELATIONSHIP_LABELS } from '@club/shared/tryouts';
import { FormError } from '../../components/form-error';
import { FormField, TextField } from '../../components/form-field';
import { ApiError } from '../../lib/api-client';
import { DivisionChoice } from '../../components/division-choice';
import { householdMessages as t } from './messages';

type Field = keyof typeof athleteFields;
type Values = Omit<Record<Field, string>, 'parent_consent' | 'division'> & {
  parent_consent: boolean;
  division: Division | '';
};
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  date_of_birth: '',
  emergency_contact_name: '',
  emergency_contact_phone: '',
  emergency_contact_email: '',
  emergency_contact_relationship: '',
  parent_consent: false,
  division: '',
  medical_notes: '',
};

const isMinorBirthDate = (dob: string) => isIsoDate(dob) && isMinor(dob);

function checkField(field: Field, values: Values): string | undefined {
  // Optional to the server (athletes added before it was asked have none); this form always asks it.
  if (field === 'division') return values.division ? undefined : fieldMessages.divisionRequired;
  if (field === 'parent_consent') return fieldErrors(AthleteSchema, values).parent_consent;
  const result = v.safeParse(athleteFields[field], values[field]);
  return result.success ? undefined : result.issues[0].message;
}

function checkAll(values: Values): Errors {
  const errors: Errors = {};
  for (const field of Object.keys(athleteFields) as Field[]) {
    const message = checkField(field, values);
    if (message) errors[field] = message;
  }
  return errors;
}

/** What a brother or sister shares (issue 42): the surname and the emergency contact, filled in, changeable. */
function copiedFrom(sibling: Athlete): Values {
  return {
    ...EMPTY,
    last_name: sibling.last_name,
    emergency_contact_name: sibling.emergency_contact_name,
    emergency_contact_phone: sibling.emergency_contact_phone,
    emergency_contact_email: sibling.emergency_contact_email,
    emergency_contact_relationship: sibling.emergency_contact_relationship,
  };
}

export function AthleteForm({
  athlete,
  copyFrom,
  title,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  /** The athlete being changed; none for a new one. */
  athlete?: Athlete;
  /** A new athlete's brother or sister, whose surname and emergency contact it starts with. */
  copyFrom?: Athlete;
  title: string;
  submitLabel: string;
  onSubmit: (input: AthleteInput) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() =>
    athlete ? { ...EMPTY, ...athlete } : copyFrom ? copiedFrom(copyFrom) : EMPTY,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState('');
  const minor = isMinorBirthDate(values.date_of_birth);

  function update(field: Field, value: string | boolean) {
    const next = { ...values, [field]: value } as Values;
    if (field === 'date_of_birth' && !isMinorBirthDate(next.date_of_birth)) next.parent_consent = false;
    setValues(next);
    if (errors[field] || field === 'parent_consent')
      setErrors((e) => ({ ...e, [field]: checkField(field, next) }));
  }

  const blur = (field: Field) => () => setErrors((e) => ({ ...e, [field]: checkField(field, values) }));

  const text = (
    field: Exclude<
      Field,
      'parent_consent' | 'date_of_birth' | 'emergency_contact_relationship' | 'division' | 'medical_notes'
    >,
  ) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    error: errors[field],
    disabled: busy,
    onValueChange: (value: string) => update(field, value),
    onBlur: blur(field),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = checkAll(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(fieldMessages.formInvalid);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setFormError('');
    setBusy(true);
    try {
      const { medical_notes, ...rest } = values;
      // Empty notes are left out of a new athlete; on a change, '' removes the ones it had.
      const notes = medical_notes.trim() || athlete?.medical_notes ? { medical_notes } : {};
      await onSubmit(
        v.parse(AthleteSchema, { ...rest, ...notes, parent_consent: minor && values.parent_consent }),
      );
    } catch (e) {
      const body = e instanceof ApiError ? e.body : null;
      const beside: Errors = {};
      for (const item of body?.errors ?? []) {
        if (item.field && item.field in athleteFields) beside[item.field as Field] ??= item.msg;
      }
      setErrors(beside);
      setFormError(Object.keys(beside).length ? fieldMessages.formInvalid : body?.message || t.failed);
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="auth-form household-form" noValidate onSubmit={(e) => void submit(e)}>
      <h3>{title}</h3>
      <div className="form-row">
        <TextField label="First name" autoComplete="off" {...text('first_name')} />
        <TextField label="Last name" autoComplete="off" {...text('last_name')} />
      </div>
      <FormField id={`${id}-date_of_birth`} label="Date of birth" error={errors.date_of_birth}>
        {(aria) => (
          <input
            {...aria}
            name="date_of_birth"
            type="date"
            max={todayInClubZone()}
            value={values.date_of_birth}
            disabled={busy}
            onChange={(e) => update('date_of_birth', e.target.value)}
            onBlur={blur('date_of_birth')}
          />
        )}
      </FormField>
      <DivisionChoice
        id={id}
        value={values.division}
        error={errors.division}
        disabled={busy}
        onChange={(division) => update('division', division)}
      />
      <fieldset className="form-group">
        <legend>{t.emergencyContact}</legend>
        <TextField label="Contact name" {...text('emergency_contact_name')} />
        <div className="form-row">
          <TextField label="Contact phone" type="tel" {...text('emergency_contact_phone')} />
          <TextField label="Contact email" type="email" {...text('emergency_contact_email')} />
        </div>
        <FormField
          id={`${id}-relationship`}
          label="Relationship"
          error={errors.emergency_contact_relationship}
        >
          {(aria) => (
            <select
              {...aria}
              name="emergency_contact_relationship"
              value={values.emergency_contact_relationship}
              disabled={busy}
              onChange={(e) => update('emergency_contact_relationship', e.target.value)}
              onBlur={blur('emergency_contact_relationship')}
            >
              <option value="">Select relationship</option>
              {EMERGENCY_CONTACT_RELATIONSHIPS.map((r) => (
                <option key={r} value={r}>
                  {RELATIONSHIP_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </fieldset>
      <FormField
        id={`${id}-medical_notes`}
        label={t.medicalNotes}
        error={errors.medical_notes}
        hint={t.medicalNotesHint}
      >
        {(aria) => (
          <textarea
            {...aria}
            name="medical_notes"
            rows={2}
            maxLength={500}
            value={values.medical_notes}
            disabled={busy}
            onChange={(e) => update('medical_notes', e.target.value)}
            onBlur={blur('medical_notes')}
          />
        )}
      </FormField>
      {minor ? (
        <div className="form-field form-check">
          <input
            id={`${id}-consent`}
            type="checkbox"
            checked={values.parent_consent}
            disabled={busy}
            aria-invalid={Boolean(errors.parent_consent)}
            aria-describedby={errors.parent_consent ? `${id}-consent-error` : undefined}
            onChange={(e) => update('parent_consent', e.target.checked)}
          />
          <label htmlFor={`${id}-consent`}>{t.consentLabel}</label>
          {errors.parent_consent ? (
            <p id={`${id}-consent-error`} className="field-error">
              {errors.parent_consent}
            </p>
          ) : null}
        </div>
      ) : null}
      <FormError message={formError} />
      <p className="household-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t.saving : submitLabel}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
          {t.cancel}
        </button>
      </p>
    </form>
  );
}
