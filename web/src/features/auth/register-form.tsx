/**
 * /register (spec §2, §5): every field checked on blur and on submit with the shared schemas; parent consent
 * only under 18 and cleared when the birth date becomes an adult's; the first invalid field is focused.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import {
  EMERGENCY_CONTACT_RELATIONSHIPS,
  fieldErrors,
  GuardianRegistrationSchema,
  fieldMessages,
  isIsoDate,
  isMinor,
  registrationFields,
  RegistrationSchema,
  todayInClubZone,
} from '@club/shared';
import { FormError } from '../../components/form-error';
import { FormField, TextField } from '../../components/form-field';
import { PasswordField } from '../../components/password-field';
import { useEarlyChoice, useEarlyValues } from '../../lib/early-values';
import { useHydrated } from '../../lib/use-hydrated';
import { ApiError } from '../../lib/api-client';
import { RELATIONSHIP_LABELS } from '@club/shared/tryouts';
import { register, signUpReturnTo } from './api';
import { useCarriedEmail } from './use-carried-email';
import { focusFirstInvalid } from './focus';
import { authMessages as t } from './messages';

type Field = keyof typeof registrationFields;
type AccountType = 'player' | 'guardian';
/** The fields a parent's or guardian's sign-up asks for (issue 17): no birth date or emergency contact. */
const GUARDIAN_FIELDS: readonly Field[] = ['first_name', 'last_name', 'email', 'password', 'phone_number'];
type Values = Omit<Record<Field, string>, 'parent_consent'> & { parent_consent: boolean };
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  date_of_birth: '',
  phone_number: '',
  emergency_contact_name: '',
  emergency_contact_phone: '',
  emergency_contact_email: '',
  emergency_contact_relationship: '',
  parent_consent: false,
};

/** The form's text fields (each input's id is its field's name). */
const TEXT_FIELDS = (Object.keys(EMPTY) as Field[]).filter(
  (field): field is Exclude<Field, 'parent_consent'> => field !== 'parent_consent',
);

const isMinorBirthDate = (dob: string) => isIsoDate(dob) && isMinor(dob);

/** One field's message: its own schema, and for consent the registration's cross-field rule (under 18). */
function checkField(field: Field, values: Values): string | undefined {
  if (field === 'parent_consent') return fieldErrors(RegistrationSchema, values).parent_consent;
  const result = v.safeParse(registrationFields[field], values[field]);
  return result.success ? undefined : result.issues[0].message;
}

function checkAll(values: Values, accountType: AccountType): Errors {
  const errors: Errors = {};
  const fields = accountType === 'guardian' ? GUARDIAN_FIELDS : (Object.keys(registrationFields) as Field[]);
  for (const field of fields) {
    const message = checkField(field, values);
    if (message) errors[field] = message;
  }
  return errors;
}

export function RegisterForm() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  // What was typed before the prerendered page hydrated (issue 20).
  useEarlyValues(TEXT_FIELDS, (typed) => setValues((current) => ({ ...current, ...typed })));
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState('');
  const [accountType, setAccountType] = useState<AccountType>('player');
  const [isAdult, setIsAdult] = useState(false);
  const [adultError, setAdultError] = useState('');

  const minor = isMinorBirthDate(values.date_of_birth);
  // Chosen before the prerendered page hydrated (issue 20): kept.
  useEarlyChoice('account-guardian', () => setAccountType('guardian'));
  // Arriving from "Create a family account" (issue 36): a parent's sign-up is the one shown.
  const [params] = useSearchParams();
  // Or from a helper's invitation (issue 42): an adult's account, not a player's.
  const hydrated = useHydrated();
  const asHelper = hydrated && params.get('as') === 'helper';
  const asGuardian = hydrated && (params.get('as') === 'guardian' || asHelper);
  const [guardianAsked, setGuardianAsked] = useState(false);
  if (asGuardian && !guardianAsked) {
    setGuardianAsked(true);
    setAccountType('guardian');
  }
  // An invitation's address (issue 36: the join page sends it), unless something was typed already.
  const carriedEmail = useCarriedEmail();
  const [filledFrom, setFilledFrom] = useState<string | undefined>();
  if (carriedEmail && filledFrom !== carriedEmail) {
    setFilledFrom(carriedEmail);
    setValues((current) => (current.email ? current : { ...current, email: carriedEmail }));
  }

  function update(field: Field, value: string | boolean) {
    const next = { ...values, [field]: value } as Values;
    // Consent applies only under 18: an adult's birth date clears it (spec §4).
    if (field === 'date_of_birth' && !isMinorBirthDate(next.date_of_birth)) next.parent_consent = false;
    setValues(next);
    setErrors((prev) => {
      const updated = { ...prev };
      if (touched[field] || field === 'parent_consent') updated[field] = checkField(field, next);
      if (field === 'date_of_birth' && !isMinorBirthDate(next.date_of_birth)) delete updated.parent_consent;
      return updated;
    });
  }

  const blur = (field: Field) => () => {
    setTouched((prev) => ({ ...prev, [field]: true }));
    setErrors((prev) => ({ ...prev, [field]: checkField(field, values) }));
  };

  const text = (field: Exclude<Field, 'parent_consent'>) => ({
    id: field,
    value: values[field],
    error: errors[field],
    disabled: busy,
    onValueChange: (value: string) => update(field, value),
    onBlur: blur(field),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkAll(values, accountType);
    const guardian = accountType === 'guardian';
    const adultMissing = guardian && !isAdult ? fieldMessages.guardianMustBeAdult : '';
    setErrors(found);
    setAdultError(adultMissing);
    setTouched(Object.fromEntries(Object.keys(registrationFields).map((f) => [f, true])));
    if (Object.keys(found).length > 0 || adultMissing) {
      setFormError(fieldMessages.formInvalid);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setFormError('');
    setBusy(true);
    try {
      const payload = guardian
        ? v.parse(GuardianRegistrationSchema, {
            account_type: 'guardian',
            first_name: values.first_name,
            last_name: values.last_name,
            email: values.email,
            password: values.password,
            phone_number: values.phone_number,
            is_adult: true,
            ...signUpReturnTo(),
          })
        : v.parse(RegistrationSchema, {
            ...values,
            parent_consent: minor && values.parent_consent,
            ...signUpReturnTo(),
          });
      await register(payload);
      navigate('/check-email', { state: { email: payload.email } });
    } catch (e) {
      const server = e instanceof ApiError ? e.body : null;
      const beside: Errors = {};
      for (const item of server?.errors ?? []) {
        if (item.field && item.field in registrationFields && !beside[item.field as Field]) {
          beside[item.field as Field] = item.msg;
        }
      }
      if (Object.keys(beside).length > 0) {
        setErrors(beside);
        setFormError(fieldMessages.formInvalid);
        requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      } else {
        setFormError(server?.message || t.registrationFailed);
      }
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="auth-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <fieldset className="form-group">
        <legend>{t.accountFor}</legend>
        {(
          [
            ['player', t.accountForPlayer],
            ['guardian', asHelper ? t.accountForHelper : t.accountForGuardian],
          ] as const
        ).map(([value, label]) => (
          <div className="form-check" key={value}>
            <input
              type="radio"
              id={`account-${value}`}
              name="account_type"
              value={value}
              checked={accountType === value}
              disabled={busy}
              onChange={() => {
                setAccountType(value);
                setErrors({});
                setFormError('');
                setAdultError('');
              }}
            />
            <label htmlFor={`account-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <div className="form-row">
        <TextField label="First name" autoComplete="given-name" {...text('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...text('last_name')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...text('email')} />
      <PasswordField label="Password" autoComplete="new-password" showRules {...text('password')} />
      {accountType === 'guardian' ? (
        <>
          <TextField label="Phone number" type="tel" autoComplete="tel" {...text('phone_number')} />
          <p className="form-note">{t.guardianNote}</p>
          <div className="form-field form-check">
            <input
              id="is_adult"
              name="is_adult"
              type="checkbox"
              checked={isAdult}
              disabled={busy}
              aria-invalid={Boolean(adultError)}
              aria-describedby={adultError ? 'is_adult-error' : undefined}
              onChange={(e) => {
                setIsAdult(e.target.checked);
                if (e.target.checked) setAdultError('');
              }}
            />
            <label htmlFor="is_adult">{t.isAdultLabel}</label>
            {adultError ? (
              <p id="is_adult-error" className="field-error">
                {adultError}
              </p>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <div className="form-row">
            <FormField id="date_of_birth" label="Date of birth" error={errors.date_of_birth}>
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
            <TextField label="Phone number" type="tel" autoComplete="tel" {...text('phone_number')} />
          </div>

          <fieldset className="form-group">
            <legend>Emergency contact</legend>
            <TextField label="Contact name" {...text('emergency_contact_name')} />
            <div className="form-row">
              <TextField label="Contact phone" type="tel" {...text('emergency_contact_phone')} />
              <TextField label="Contact email" type="email" {...text('emergency_contact_email')} />
            </div>
            <FormField
              id="emergency_contact_relationship"
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

          {minor && (
            <div className="form-field form-check">
              <input
                id="parent_consent"
                name="parent_consent"
                type="checkbox"
                checked={values.parent_consent}
                disabled={busy}
                aria-invalid={Boolean(errors.parent_consent)}
                aria-describedby={errors.parent_consent ? 'parent_consent-error' : undefined}
                onChange={(e) => update('parent_consent', e.target.checked)}
                onBlur={blur('parent_consent')}
              />
              <label htmlFor="parent_consent">{t.parentConsentLabel}</label>
              {errors.parent_consent && (
                <p id="parent_consent-error" className="field-error">
                  {errors.parent_consent}
                </p>
              )}
            </div>
          )}
        </>
      )}

      <p className="form-note">
        By creating an account you agree to our <Link to="/privacy">Privacy Policy</Link> and{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
      <FormError message={formError} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t.creatingAccount : t.createAccount}
      </button>
      <p className="auth-links">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </form>
  );
}
