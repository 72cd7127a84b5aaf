import { useMutation, useQuery } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { applyUnsubscribe, describeUnsubscribe } from './api';
import { kindLabel } from './kind-labels';
import { NOTIFICATION_SETTINGS_PATH } from './paths';

/**
 * /unsubscribe?token=: opened from a notification mail, signed in or not. Opening it changes
 * nothing (mail scanners follow links); the member confirms with the button.
 */
export function UnsubscribePage() {
  const t = useT();
  useDocumentTitle(t('inbox.unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => describeUnsubscribe(token, signal),
    enabled: token !== '',
    staleTime: Infinity,
  });
  const apply = useMutation({ mutationFn: () => applyUnsubscribe(token) });

  let body;
  if (!token) body = <Alert>{t('inbox.unsubscribe.missing')}</Alert>;
  else if (info.isPending) body = <p className="text-sm text-stone-600">{t('inbox.unsubscribe.loading')}</p>;
  else if (info.isError) body = <Alert>{errorMessage(info.error)}</Alert>;
  else if (apply.isSuccess)
    body = (
      <Alert variant="success">{t('inbox.unsubscribe.done', { label: kindLabel(apply.data.scope) })}</Alert>
    );
  else
    body = (
      <div className="space-y-4">
        <p className="font-medium text-stone-900">
          {t('inbox.unsubscribe.question', { label: kindLabel(info.data.scope) })}
        </p>
        <p className="text-sm text-stone-600">{t('inbox.unsubscribe.explain')}</p>
        {apply.isError ? <Alert>{errorMessage(apply.error)}</Alert> : null}
        <Button busy={apply.isPending} onClick={() => apply.mutate()}>
          <MailX className="size-4" aria-hidden="true" />
          {apply.isPending ? t('inbox.unsubscribe.confirming') : t('inbox.unsubscribe.confirm')}
        </Button>
      </div>
    );

  return (
    <div className="mx-auto max-w-lg">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-stone-900">
        {t('inbox.unsubscribe.title')}
      </h1>
      <Card>
        <CardBody className="space-y-5">
          {body}
          <ButtonLink to={NOTIFICATION_SETTINGS_PATH} variant="link" size="sm">
            {t('inbox.unsubscribe.preferences')}
          </ButtonLink>
        </CardBody>
      </Card>
    </div>
  );
}
