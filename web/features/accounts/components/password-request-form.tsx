import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { fieldErrorsOf, serverErrorText } from '@web/lib/api-errors';
import { useDelayedNavigate } from '@web/lib/use-delayed-navigate';
import { requestPasswordReset } from '../api';
import { REDIRECT_DELAYS } from '../redirect-delays';
import { EmailField } from './email-field';

/**
 * Asks for a reset link (the /password-request page and the sign-in dialog's reset dialog). After
 * success the form gives way to a notice and the member is sent to /password-reset in 5 seconds.
 */
export function PasswordRequestForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  useDelayedNavigate(mutation.isSuccess, '/password-reset', REDIRECT_DELAYS.afterResetRequestMs);

  if (mutation.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert variant="success">
          <p>{t('accounts.passwordRequest.success')}</p>
          <p className="mt-1">{t('accounts.passwordRequest.redirectNotice')}</p>
        </Alert>
        <p className="text-center text-sm">
          <TextLink to="/password-reset">{t('accounts.passwordRequest.goNow')}</TextLink>
        </p>
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!email.trim()) {
      setValidationError(t('accounts.passwordRequest.required'));
      return;
    }
    setValidationError(null);
    mutation.mutate(email.trim());
  }

  const fieldErrors = fieldErrorsOf(mutation.error);
  const failure = mutation.isError
    ? (serverErrorText(mutation.error) ?? t('accounts.passwordRequest.failed'))
    : null;
  const message = validationError ?? failure;

  return (
    <form onSubmit={submit} className="space-y-4">
      {message ? <Alert>{message}</Alert> : null}
      <EmailField
        autoFocus={autoFocus}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email?.join(', ')}
      />
      <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
        {t(mutation.isPending ? 'accounts.passwordRequest.busy' : 'accounts.passwordRequest.submit')}
      </Button>
    </form>
  );
}
