/** A labelled form control with its error text, wired for screen readers (aria-invalid, aria-describedby). */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export function errorId(id: string): string {
  return `${id}-error`;
}

export function controlProps(id: string, error: string | undefined): ControlProps {
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId(id) : undefined };
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} className="field-error">
      {error}
    </p>
  );
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error: string | undefined;
  /** A note under the control that says what it is for; read with it by screen readers. */
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}

/** Label, control and error, for controls that are not plain inputs (select, date). */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  const props = controlProps(id, error);
  const hintId = `${id}-hint`;
  const describedBy = [props['aria-describedby'], hint ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children({ ...props, 'aria-describedby': describedBy || undefined })}
      {hint ? (
        <p id={hintId} className="form-note">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange' | 'value' | 'aria-invalid'
> {
  id: string;
  label: ReactNode;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ id, label, value, error, onValueChange, inputRef, ...rest }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(aria) => (
        <input
          {...rest}
          {...aria}
          ref={inputRef}
          name={rest.name ?? id}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
