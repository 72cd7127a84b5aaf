import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { serverErrorText } from '@web/lib/api-errors';
import { resendConfirmation } from './api';
import { AuthFooter, AuthHeading } from './components/auth-heading';
import { EmailField } from './components/email-field';

export function ResendConfirmationPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: resendConfirmation });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!email.trim()) {
      setValidationError(t('accounts.resend.required'));
      return;
    }
    setValidationError(null);
    mutation.mutate(email.trim());
  }

  const failure = mutation.isError ? (serverErrorText(mutation.error) ?? t('accounts.resend.failed')) : null;
  const message = validationError ?? failure;

  return (
    <>
      <AuthHeading
        title={t('accounts.resend.title')}
        tabTitle={t('accounts.resend.tabTitle')}
        description={t('accounts.resend.description')}
      />
      {mutation.isSuccess ? (
        <div className="space-y-4">
          <Alert variant="success">{t('accounts.resend.success')}</Alert>
          <div className="grid gap-3 sm:grid-cols-2">
            <ButtonLink to="/email-confirmation">{t('accounts.resend.enterCode')}</ButtonLink>
            <ButtonLink to="/signin" variant="outline">
              {t('accounts.signIn.submit')}
            </ButtonLink>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {message ? <Alert>{message}</Alert> : null}
          <EmailField autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
            {t(mutation.isPending ? 'accounts.resend.busy' : 'accounts.resend.submit')}
          </Button>
        </form>
      )}
      <AuthFooter>
        <TextLink to="/signin">{t('accounts.passwordRequest.backToSignIn')}</TextLink>
      </AuthFooter>
    </>
  );
}
