import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/input';
import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { fieldErrorsOf, serverErrorText } from '@web/lib/api-errors';
import { useDelayedNavigate } from '@web/lib/use-delayed-navigate';
import { resetPassword } from './api';
import { AuthFooter, AuthHeading } from './components/auth-heading';
import { REDIRECT_DELAYS } from './redirect-delays';

/**
 * /password-reset: new password twice and the code from the mail. The mail's link carries the code
 * (?token), so then the field is not shown at all (it is filled in); it appears, as "Reset code",
 * when the code is typed by hand or the server refuses the one the link carried.
 */
export function PasswordResetPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const tokenFromLink = searchParams.get('token')?.trim() ?? '';
  const [form, setForm] = useState({
    password: '',
    password_confirmation: '',
    reset_password_token: tokenFromLink,
  });
  const [validationError, setValidationError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: resetPassword });
  useDelayedNavigate(mutation.isSuccess, '/signin', REDIRECT_DELAYS.afterResetMs);

  const update = (field: keyof typeof form) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!form.password || !form.password_confirmation || !form.reset_password_token.trim()) {
      setValidationError(t('accounts.passwordReset.required'));
      return;
    }
    if (form.password !== form.password_confirmation) {
      setValidationError(t('accounts.passwordReset.mismatch'));
      return;
    }
    setValidationError(null);
    mutation.mutate({ ...form, reset_password_token: form.reset_password_token.trim() });
  }

  const fieldErrors = validationError ? {} : fieldErrorsOf(mutation.error);
  const failure = mutation.isError
    ? (serverErrorText(mutation.error) ?? t('accounts.passwordReset.failed'))
    : null;
  const message = validationError ?? failure;
  const showTokenField = !tokenFromLink || Boolean(fieldErrors.reset_password_token);

  return (
    <>
      <AuthHeading
        title={t('accounts.passwordReset.title')}
        tabTitle={t('accounts.passwordRequest.tabTitle')}
      />
      {mutation.isSuccess ? (
        <Alert variant="success">{t('accounts.passwordReset.success')}</Alert>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {message ? <Alert>{message}</Alert> : null}
          <TextField
            label={t('accounts.passwordReset.newPassword')}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            autoFocus
            value={form.password}
            onChange={update('password')}
            error={fieldErrors.password?.join(', ')}
          />
          <TextField
            label={t('accounts.passwordReset.confirmNewPassword')}
            type="password"
            name="password_confirmation"
            autoComplete="new-password"
            required
            value={form.password_confirmation}
            onChange={update('password_confirmation')}
            error={fieldErrors.password_confirmation?.join(', ')}
          />
          {showTokenField ? (
            <TextField
              label={t('accounts.passwordReset.code')}
              name="reset_password_token"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              required
              hint={t('accounts.passwordReset.codeHint')}
              value={form.reset_password_token}
              onChange={update('reset_password_token')}
              error={fieldErrors.reset_password_token?.join(', ')}
            />
          ) : (
            <input type="hidden" name="reset_password_token" value={form.reset_password_token} />
          )}
          <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
            {t(mutation.isPending ? 'accounts.passwordReset.busy' : 'accounts.passwordReset.submit')}
          </Button>
        </form>
      )}
      <AuthFooter>
        <TextLink to="/signin">{t('accounts.passwordRequest.backToSignIn')}</TextLink>
      </AuthFooter>
    </>
  );
}
