import { useState, type ChangeEvent, type ComponentProps, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { TextField } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { explainedBy, fieldErrorOf } from './security-fields';

type Fields = Record<string, string>;

/**
 * One form of the Security page that asks for the current password: its fields, the call it makes,
 * each field's error beside it and any other error above the form. The fields empty again once the
 * call succeeds; a second submit while one is on its way is ignored.
 */
export function useSecurityForm<F extends Fields, R>({
  empty,
  send,
  prepare = (form) => form,
  onSuccess,
}: {
  empty: F;
  send: (form: F) => Promise<R>;
  prepare?: (form: F) => F;
  onSuccess?: (result: R) => void;
}) {
  const [form, setForm] = useState(empty);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      setForm(empty);
      onSuccess?.(result);
    },
  });

  /** The value, change handler and error of one field, for a TextField. */
  const field = (name: keyof F & string) => ({
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
    error: fieldErrorOf(mutation.error, name),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate(prepare(form));
  }

  const unexplained =
    mutation.isError && !explainedBy(mutation.error, Object.keys(empty))
      ? errorMessage(mutation.error)
      : null;
  return { mutation, field, submit, unexplained };
}

/** The error that no field explains, above the form. */
export function FormError({ message }: { message: string | null }) {
  return message ? <Alert>{message}</Alert> : null;
}

/** "Current password", which every form of the Security page asks for first. */
export function CurrentPasswordField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  const t = useT();
  return (
    <TextField
      label={t('settings.security.currentPassword')}
      type="password"
      autoComplete="current-password"
      required
      {...props}
    />
  );
}
