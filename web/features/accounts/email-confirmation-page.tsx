import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { TextField } from '@web/components/input';
import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { serverErrorText } from '@web/lib/api-errors';
import { useDelayedNavigate } from '@web/lib/use-delayed-navigate';
import { confirmEmail } from './api';
import { AuthFooter, AuthHeading } from './components/auth-heading';
import { REDIRECT_DELAYS } from './redirect-delays';

/** /email-confirmation: the code from the mail (prefilled from ?code); success → /signin after 2 s. */
export function EmailConfirmationPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const signedUpEmail = (location.state as { email?: unknown } | null)?.email;
  const [code, setCode] = useState(() => searchParams.get('code') ?? '');
  const [validationError, setValidationError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: confirmEmail });
  useDelayedNavigate(mutation.isSuccess, '/signin', REDIRECT_DELAYS.afterConfirmationMs);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!code.trim()) {
      setValidationError(t('accounts.confirmation.required'));
      return;
    }
    setValidationError(null);
    mutation.mutate(code.trim());
  }

  const failure = mutation.isError
    ? (serverErrorText(mutation.error) ?? t('accounts.confirmation.failed'))
    : null;
  const message = validationError ?? failure;

  return (
    <>
      <AuthHeading
        title={t('accounts.confirmation.title')}
        description={t('accounts.confirmation.description')}
      />
      {mutation.isSuccess ? (
        <div className="space-y-4">
          <Alert variant="success">
            <p>{t('accounts.confirmation.success')}</p>
            <p className="mt-1">{t('accounts.confirmation.takingYouToSignIn')}</p>
          </Alert>
          <ButtonLink to="/signin" size="lg" fullWidth>
            {t('accounts.signIn.submit')}
          </ButtonLink>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {typeof signedUpEmail === 'string' && !message ? (
            <Alert variant="info">
              <Message
                id="accounts.confirmation.almostReady"
                values={{ email: signedUpEmail }}
                components={{ strong: <strong /> }}
              />
            </Alert>
          ) : null}
          {message ? <Alert>{message}</Alert> : null}
          <TextField
            label={t('accounts.confirmation.codeLabel')}
            name="confirmation_code"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            required
            autoFocus={!code}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
            {t(mutation.isPending ? 'accounts.confirmation.busy' : 'accounts.confirmation.submit')}
          </Button>
        </form>
      )}
      <AuthFooter>
        <Message
          id="accounts.confirmation.footer"
          components={{ link: <TextLink to="/resend-confirmation" /> }}
        />
      </AuthFooter>
    </>
  );
}
