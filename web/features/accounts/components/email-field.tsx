import { TextField, type TextFieldProps } from '@web/components/input';
import { useT } from '@web/i18n/i18n';

type FixedProps = 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode' | 'required';

/** The required Email field of the account forms: sign in, sign up, reset link and new confirmation code. */
export function EmailField(props: Omit<TextFieldProps, FixedProps>) {
  const t = useT();
  return (
    <TextField
      label={t('accounts.fields.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
}
