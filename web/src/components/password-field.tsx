/** A password input with a show/hide toggle (spec §2); a new password shows its rules under it (issue 18). */
import { useState } from 'react';
import { FormField, type TextFieldProps } from './form-field';
import { PasswordRules } from './password-rules';

export function PasswordField({
  id,
  label,
  value,
  error,
  onValueChange,
  inputRef,
  disabled,
  showRules = false,
  ...rest
}: Omit<TextFieldProps, 'type'> & { showRules?: boolean }) {
  const [visible, setVisible] = useState(false);
  const what = typeof label === 'string' ? label.toLowerCase() : 'password';
  return (
    <FormField id={id} label={label} error={error}>
      {(aria) => (
        <>
          <div className="password-input">
            <input
              {...rest}
              {...aria}
              ref={inputRef}
              name={rest.name ?? id}
              type={visible ? 'text' : 'password'}
              value={value}
              disabled={disabled}
              onChange={(e) => onValueChange(e.target.value)}
            />
            <button
              type="button"
              className="password-toggle"
              aria-controls={id}
              aria-pressed={visible}
              aria-label={`${visible ? 'Hide' : 'Show'} ${what}`}
              disabled={disabled}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? 'Hide' : 'Show'}
            </button>
          </div>
          {showRules ? <PasswordRules id={`${id}-rules`} password={value} /> : null}
        </>
      )}
    </FormField>
  );
}
