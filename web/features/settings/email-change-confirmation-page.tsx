import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert } from '@web/components/alert';
import { ButtonLink } from '@web/components/button';
import { PageHeader } from '@web/components/page-header';
import { useAuth } from '@web/app/auth/auth-context';
import { errorMessage } from '@web/lib/api-errors';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { confirmEmailChange, securityKeys } from './security-api';

/** /settings/email-confirmation?token=: the link mailed to a new address, followed while signed in. */
export function EmailChangeConfirmationPage() {
  useDocumentTitle('Confirm new email address');
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
      <PageHeader title="Confirm new email address" />
      <div className="space-y-4">
        {!token ? (
          <Alert>This confirmation link is invalid or has expired.</Alert>
        ) : confirm.isSuccess ? (
          <Alert variant="success">Your email address is now {confirm.data.email}.</Alert>
        ) : confirm.isError ? (
          <Alert>{errorMessage(confirm.error)}</Alert>
        ) : (
          <p role="status" className="text-sm text-stone-600">
            Confirming your new address…
          </p>
        )}
        <ButtonLink to="/settings/security" variant="outline">
          Back to Security
        </ButtonLink>
      </div>
    </div>
  );
}
