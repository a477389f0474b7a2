/** A password input with a show/hide toggle (spec §2). */
import { useState } from 'react';
import { FormField, type TextFieldProps } from './form-field';

export function PasswordField({
  id,
  label,
  value,
  error,
  onValueChange,
  inputRef,
  disabled,
  ...rest
}: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const what = typeof label === 'string' ? label.toLowerCase() : 'password';
  return (
    <FormField id={id} label={label} error={error}>
      {(aria) => (
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
      )}
    </FormField>
  );
}
