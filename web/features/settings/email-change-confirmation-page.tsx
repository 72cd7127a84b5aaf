import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert } from '@web/components/alert';
import { ButtonLink } from '@web/components/button';
import { PageHeader } from '@web/components/page-header';
import { useAuth } from '@web/app/auth/auth-context';
import { errorMessage } from '@web/lib/api-errors';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { confirmEmailChange, securityKeys } from './security-api';

/** /settings/email-confirmation?token=: the link mailed to a new address, followed while signed in. */
export function EmailChangeConfirmationPage() {
  const t = useT();
  useDocumentTitle(t('settings.emailConfirmation.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const confirm = useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (security) => {
      queryClient.setQueryData(securityKeys.security(), security);
      void refreshUser();
    },
  });
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit: the token is single-use, so a second call would only report it spent.
    if (token && !sent.current) {
      sent.current = true;
      confirm.mutate(token);
    }
  }, [token, confirm]);

  return (
    <div>
      <PageHeader title={t('settings.emailConfirmation.title')} />
      <div className="space-y-4">
        {!token ? (
          <Alert>{t('settings.emailConfirmation.invalid')}</Alert>
        ) : confirm.isSuccess ? (
          <Alert variant="success">
            {t('settings.emailConfirmation.done', { email: confirm.data.email })}
          </Alert>
        ) : confirm.isError ? (
          <Alert>{errorMessage(confirm.error)}</Alert>
        ) : (
          <p role="status" className="text-sm text-stone-600">
            {t('settings.emailConfirmation.confirming')}
          </p>
        )}
        <ButtonLink to="/settings/security" variant="outline">
          {t('settings.emailConfirmation.back')}
        </ButtonLink>
      </div>
    </div>
  );
}
