/**
 * "Plays on": which of the club's team divisions an athlete plays in (issue 36), so only the groups that fit
 * are offered. Asked when an athlete is added, and once of an athlete added before it was.
 */
import { DIVISIONS, type Division } from '@club/shared/constants';
import { DIVISION_LABELS } from '@club/shared/tryouts';

export function DivisionChoice({
  id,
  value,
  error,
  disabled,
  legend = 'Plays on',
  onChange,
}: {
  /** Unique per form: the radios' ids and name start with it. */
  id: string;
  value: Division | '';
  error?: string | undefined;
  disabled?: boolean;
  legend?: string;
  onChange: (division: Division) => void;
}) {
  const errorId = `${id}-division-error`;
  return (
    <fieldset
      className="form-group division-choice"
      disabled={disabled}
      aria-describedby={error ? errorId : `${id}-division-note`}
    >
      <legend>{legend}</legend>
      <div className="division-options">
        {DIVISIONS.map((division) => (
          <div className="form-check" key={division}>
            <input
              type="radio"
              id={`${id}-division-${division}`}
              name={`${id}-division`}
              value={division}
              checked={value === division}
              aria-invalid={Boolean(error) && !value}
              onChange={() => onChange(division)}
            />
            <label htmlFor={`${id}-division-${division}`}>{DIVISION_LABELS[division]}</label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : (
        <p id={`${id}-division-note`} className="form-note">
          The club’s team division: only the age groups of these teams are offered.
        </p>
      )}
    </fieldset>
  );
}
