import { useMutation, useQuery } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { errorMessage } from '@web/lib/api-errors';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { applyUnsubscribe, describeUnsubscribe } from './api';
import { UNSUBSCRIBE_TEXT } from './messages';
import { NOTIFICATION_SETTINGS_PATH } from './paths';

/**
 * /unsubscribe?token=: opened from a notification mail, signed in or not. Opening it changes
 * nothing (mail scanners follow links); the member confirms with the button.
 */
export function UnsubscribePage() {
  useDocumentTitle(UNSUBSCRIBE_TEXT.title);
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
  if (!token) body = <Alert>{UNSUBSCRIBE_TEXT.missing}</Alert>;
  else if (info.isPending) body = <p className="text-sm text-stone-600">Loading…</p>;
  else if (info.isError) body = <Alert>{errorMessage(info.error)}</Alert>;
  else if (apply.isSuccess) body = <Alert variant="success">{UNSUBSCRIBE_TEXT.done(apply.data.label)}</Alert>;
  else
    body = (
      <div className="space-y-4">
        <p className="font-medium text-stone-900">{UNSUBSCRIBE_TEXT.question(info.data.label)}</p>
        <p className="text-sm text-stone-600">{UNSUBSCRIBE_TEXT.explain}</p>
        {apply.isError ? <Alert>{errorMessage(apply.error)}</Alert> : null}
        <Button busy={apply.isPending} onClick={() => apply.mutate()}>
          <MailX className="size-4" aria-hidden="true" />
          {apply.isPending ? UNSUBSCRIBE_TEXT.confirming : UNSUBSCRIBE_TEXT.confirm}
        </Button>
      </div>
    );

  return (
    <div className="mx-auto max-w-lg">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-stone-900">{UNSUBSCRIBE_TEXT.title}</h1>
      <Card>
        <CardBody className="space-y-5">
          {body}
          <ButtonLink to={NOTIFICATION_SETTINGS_PATH} variant="link" size="sm">
            {UNSUBSCRIBE_TEXT.preferences}
          </ButtonLink>
        </CardBody>
      </Card>
    </div>
  );
}
