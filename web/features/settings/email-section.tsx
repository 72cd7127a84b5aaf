import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSecurity } from '@shared/api/account';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { TextField } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { errorMessage } from '@web/lib/api-errors';
import { cancelEmailChange, requestEmailChange, securityKeys } from './security-api';
import { CurrentPasswordField, FormError, useSecurityForm } from './security-form';
import { Time } from '@web/components/time';

/** Change email: the new address confirms by a mailed link; a pending change can be cancelled. */
export function EmailSection({ security }: { security: AccountSecurity }) {
  const t = useT();
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
        <CardTitle>{t('settings.email.title')}</CardTitle>
        <CardDescription>
          <Message
            id="settings.email.description"
            values={{ email: security.email }}
            components={{ address: <span className="font-medium text-stone-800" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        {security.pending_email ? (
          <Alert variant="info" title={t('settings.email.pending')}>
            <p>
              <Message
                id="settings.email.pendingText"
                values={{ email: security.pending_email }}
                components={{
                  address: <span className="font-medium" />,
                  deadline: <Time value={security.pending_email_expires_at!} format="full" />,
                }}
              />
            </p>
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              busy={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {t('settings.email.cancel')}
            </Button>
            {cancel.isError ? (
              <p className="mt-2 text-sm text-red-700">{errorMessage(cancel.error)}</p>
            ) : null}
          </Alert>
        ) : null}
        <form onSubmit={submit} className="space-y-4" aria-label={t('settings.email.change')}>
          <FormError message={unexplained} />
          <TextField
            label={t('settings.email.new')}
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <CurrentPasswordField {...field('current_password')} />
          <div className="flex justify-end">
            <Button type="submit" busy={request.isPending}>
              {request.isPending ? t('settings.email.sending') : t('settings.email.send')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
