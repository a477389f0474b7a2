/**
 * What a club asks of a family at registration (issue 36), below the group and the fee: the season's waiver,
 * accepted by typing the account holder's full name (only when the club wrote one), and "Ask about financial
 * support". A photo and media consent is asked per athlete, beside each (PhotoConsent).
 */
import type { Season } from '@club/shared/types';
import { tryoutMessages as t } from './messages';

export interface Terms {
  /** The name typed to accept the waiver. */
  signedName: string;
  financialSupport: boolean;
}

export const NO_TERMS: Terms = { signedName: '', financialSupport: false };

/** The request's part for the terms: the waiver (when the season has one) and a support request. */
export function termsOf(season: Season, terms: Terms) {
  return {
    ...(season.waiver_text
      ? { waiver: { version: season.waiver_version, signed_name: terms.signedName.trim() } }
      : {}),
    ...(terms.financialSupport ? { financial_support: true } : {}),
  };
}

/** The waiver is the club's: a family that has not typed a name is told before anything is sent. */
export function termsMissing(season: Season, terms: Terms): boolean {
  return Boolean(season.waiver_text) && !terms.signedName.trim();
}

export function RegistrationTerms({
  season,
  fullName,
  terms,
  invalid,
  disabled,
  onChange,
}: {
  season: Season;
  /** The account holder's name, which accepts the waiver. */
  fullName: string;
  terms: Terms;
  invalid: boolean;
  disabled: boolean;
  onChange: (terms: Terms) => void;
}) {
  const free = season.tryout_fee_cents === 0;
  return (
    <>
      {season.waiver_text ? (
        <fieldset className="form-group tryout-waiver" disabled={disabled}>
          <legend>{t.waiverTitle}</legend>
          <div className="tryout-waiver-text" tabIndex={0} aria-label={t.waiverTitle}>
            {season.waiver_text.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <div className="form-field">
            <label htmlFor="waiver-name">{t.waiverSign}</label>
            <input
              id="waiver-name"
              name="waiver-name"
              autoComplete="name"
              value={terms.signedName}
              aria-invalid={invalid && !terms.signedName.trim()}
              aria-describedby="waiver-name-hint"
              onChange={(e) => onChange({ ...terms, signedName: e.target.value })}
            />
            <p id="waiver-name-hint" className="form-note">
              {t.waiverSignHint(fullName)}
            </p>
          </div>
        </fieldset>
      ) : null}
      {free ? null : (
        <div className="form-check tryout-support">
          <input
            type="checkbox"
            id="financial-support"
            checked={terms.financialSupport}
            disabled={disabled}
            aria-describedby="financial-support-note"
            onChange={(e) => onChange({ ...terms, financialSupport: e.target.checked })}
          />
          <label htmlFor="financial-support">{t.askSupport}</label>
          <p id="financial-support-note" className="form-note">
            {t.askSupportNote}
          </p>
        </div>
      )}
    </>
  );
}

/** "The club may use photos and video of …": per athlete, this season; no unless ticked. */
export function PhotoConsent({
  id,
  name,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  /** The athlete's first name, or null for the account holder ("me"). */
  name: string | null;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="form-check tryout-photo">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{t.photoConsent(name)}</label>
    </div>
  );
}
