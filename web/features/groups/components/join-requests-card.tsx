import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { errorMessage } from '@web/lib/api-errors';
import { groupJoinRequestsQueryOptions } from '../api';
import { loadFailure } from '../load-failure';
import { RequestItem } from './request-item';
import { useT } from '@web/i18n/i18n';

/** 'Requests to Join' on the edit screen: this group's waiting requests, answered in place. */
export function JoinRequestsCard({ groupId }: { groupId: string }) {
  const t = useT();
  const requests = useQuery(groupJoinRequestsQueryOptions(groupId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('groups.edit.requests')}</CardTitle>
        <CardDescription>{t('groups.edit.requestsDescription')}</CardDescription>
      </CardHeader>
      <CardBody className="pt-2 sm:pt-3">
        {requests.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-stone-500" role="status">
            <Spinner /> {t('groups.requests.loading')}
          </div>
        ) : requests.isError ? (
          <Alert>{loadFailure(errorMessage(requests.error))}</Alert>
        ) : requests.data.length === 0 ? (
          <p className="flex items-center gap-2 py-2 text-sm text-stone-500">
            <Inbox className="size-4" aria-hidden="true" />
            {t('groups.edit.noRequests')}
          </p>
        ) : (
          <ul className="-my-1 divide-y divide-stone-100" aria-label={t('groups.edit.requests')}>
            {requests.data.map((request) => (
              <RequestItem key={request.id} request={request} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
