import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSecurity } from '@shared/api/account';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { TextField } from '@web/components/input';
import { errorMessage } from '@web/lib/api-errors';
import { cancelEmailChange, requestEmailChange, securityKeys } from './security-api';
import { CurrentPasswordField, FormError, useSecurityForm } from './security-form';
import { Time } from '@web/components/time';

/** Change email: the new address confirms by a mailed link; a pending change can be cancelled. */
export function EmailSection({ security }: { security: AccountSecurity }) {
  const queryClient = useQueryClient();
  const {
    mutation: request,
    field,
    submit,
    unexplained,
  } = useSecurityForm({
    empty: { email: '', current_password: '' },
    send: requestEmailChange,
    prepare: (form) => ({ ...form, email: form.email.trim() }),
    onSuccess: (updated) => queryClient.setQueryData(securityKeys.security(), updated),
  });
  const cancel = useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: () => {
      request.reset();
      void queryClient.invalidateQueries({ queryKey: securityKeys.security() });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email address</CardTitle>
        <CardDescription>
          Your address is <span className="font-medium text-stone-800">{security.email}</span>. A new one
          takes effect once you follow the link we mail to it; your current address is told.
        </CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        {security.pending_email ? (
          <Alert variant="info" title="Waiting for confirmation">
            <p>
              We sent a link to <span className="font-medium">{security.pending_email}</span>. Open it while
              signed in, before <Time value={security.pending_email_expires_at!} format="full" />, to move
              your account there.
            </p>
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              busy={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              Cancel change
            </Button>
            {cancel.isError ? (
              <p className="mt-2 text-sm text-red-700">{errorMessage(cancel.error)}</p>
            ) : null}
          </Alert>
        ) : null}
        <form onSubmit={submit} className="space-y-4" aria-label="Change email address">
          <FormError message={unexplained} />
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <CurrentPasswordField {...field('current_password')} />
          <div className="flex justify-end">
            <Button type="submit" busy={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send confirmation link'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
