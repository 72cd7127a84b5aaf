import { TextField, type TextFieldProps } from '@web/components/input';

type FixedProps = 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode' | 'required';

/** The required Email field of the account forms: sign in, sign up, reset link and new confirmation code. */
export function EmailField(props: Omit<TextFieldProps, FixedProps>) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
}
