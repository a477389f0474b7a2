/** A form's own error (not one field's), announced as an alert; nothing while there is none. */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-error">
      {message}
    </p>
  );
}
