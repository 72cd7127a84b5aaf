import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/input';
import { TextLink } from '@web/components/text-link';
import { APP_NAME } from '@shared/domain/constants';
import { currentLocale, t as translate, useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { fieldErrorsOf, type FieldErrors } from '@web/lib/api-errors';
import { fieldName } from '@web/lib/server-texts';
import { signUp } from './api';
import { AuthFooter, AuthHeading } from './components/auth-heading';
import { EmailField } from './components/email-field';

/** "invitation_code" → "Invitation code" (in the member's language). */
function fieldLabel(field: string): string {
  const words = fieldName(field);
  return words.charAt(0).toLocaleUpperCase(currentLocale()) + words.slice(1);
}

/** Spec section 8: the first field's first message, prefixed by the capitalised field name. */
export function signUpFailureMessage(fieldErrors: FieldErrors): string {
  const first = Object.entries(fieldErrors)[0];
  if (!first || !first[1][0]) return translate('accounts.signUp.failed');
  const [field, [message]] = first;
  return field === 'base'
    ? message!
    : translate('accounts.signUp.fieldFailure', { field: fieldLabel(field), message });
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-xs font-semibold tracking-wider text-stone-500 uppercase">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function SignUpPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    username: '',
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    password_confirmation: '',
    invitation_code: searchParams.get('code') ?? '',
  });
  const [validationError, setValidationError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (_data, input) =>
      navigate('/email-confirmation', { replace: true, state: { email: input.email } }),
  });

  const update = (field: keyof typeof form) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!form.username.trim() || !form.email.trim() || !form.password) {
      setValidationError(t('accounts.signUp.required'));
      return;
    }
    if (form.password !== form.password_confirmation) {
      setValidationError(t('accounts.signUp.mismatch'));
      return;
    }
    setValidationError(null);
    mutation.mutate({
      username: form.username.trim(),
      email: form.email.trim(),
      password: form.password,
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      invitation_code: form.invitation_code.trim() || null,
    });
  }

  const fieldErrors = fieldErrorsOf(mutation.error);
  const failure = mutation.isError ? signUpFailureMessage(fieldErrors) : null;
  const message = validationError ?? failure;
  const fieldError = (field: string) => (validationError ? undefined : fieldErrors[field]?.join(', '));

  return (
    <>
      <AuthHeading
        title={t('accounts.signUp.title')}
        tabTitle={t('accounts.signUp.tabTitle')}
        description={t('accounts.signUp.description', { app: APP_NAME })}
      />
      <form onSubmit={submit} className="space-y-7">
        {message ? <Alert>{message}</Alert> : null}
        <Section legend={t('accounts.signUp.identity')}>
          <TextField
            label={t('accounts.signUp.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            value={form.username}
            onChange={update('username')}
            error={fieldError('username')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('accounts.signUp.firstName')}
              name="first_name"
              autoComplete="given-name"
              value={form.first_name}
              onChange={update('first_name')}
              error={fieldError('first_name')}
            />
            <TextField
              label={t('accounts.signUp.lastName')}
              name="last_name"
              autoComplete="family-name"
              value={form.last_name}
              onChange={update('last_name')}
              error={fieldError('last_name')}
            />
          </div>
        </Section>
        <Section legend={t('accounts.signUp.credentials')}>
          <EmailField value={form.email} onChange={update('email')} error={fieldError('email')} />
          <TextField
            label={t('accounts.fields.password')}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={update('password')}
            error={fieldError('password')}
          />
          <TextField
            label={t('accounts.signUp.confirmPassword')}
            type="password"
            name="password_confirmation"
            autoComplete="new-password"
            required
            value={form.password_confirmation}
            onChange={update('password_confirmation')}
            error={fieldError('password_confirmation')}
          />
          <TextField
            label={t('accounts.signUp.invitationCode')}
            name="invitation_code"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            hint={t('accounts.signUp.invitationCodeHint')}
            value={form.invitation_code}
            onChange={update('invitation_code')}
            error={fieldError('invitation_code')}
          />
        </Section>
        <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
          {t(mutation.isPending ? 'accounts.signUp.busy' : 'accounts.signUp.submit')}
        </Button>
      </form>
      <AuthFooter>
        <Message id="accounts.signUp.footer" components={{ link: <TextLink to="/signin" /> }} />
      </AuthFooter>
    </>
  );
}
