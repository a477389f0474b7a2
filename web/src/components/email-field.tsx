/** The e-mail input a sign-in, reset or resend screen asks for: always id and name `email`, autofilled. */
import { TextField, type TextFieldProps } from './form-field';

export function EmailField(props: Omit<TextFieldProps, 'id' | 'label' | 'type' | 'autoComplete'>) {
  return <TextField id="email" label="Email" type="email" autoComplete="email" {...props} />;
}
