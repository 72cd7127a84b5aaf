import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Card, CardBody } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { errorMessage } from '@web/lib/api-errors';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { groupRequestsQueryOptions } from './api';
import { RequestItem } from './components/request-item';
import { loadFailure } from './load-failure';
import { useT } from '@web/i18n/i18n';

/** /group-requests: requests to join every group the member owns or moderates, answered in place. */
export function GroupRequestsPage() {
  const t = useT();
  useDocumentTitle(t('groups.requests.title'));
  const requests = useQuery(groupRequestsQueryOptions());

  return (
    <div>
      <PageHeader title={t('groups.requests.title')} description={t('groups.requests.description')} />
      {requests.isPending ? (
        <LoadingScreen label={t('groups.requests.loading')} />
      ) : requests.isError ? (
        <RetryAlert
          message={loadFailure(errorMessage(requests.error))}
          retrying={requests.isFetching}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={t('groups.requests.empty')}
          description={t('groups.requests.emptyDescription')}
        />
      ) : (
        <Card>
          <CardBody className="py-1 sm:py-2">
            <ul className="divide-y divide-stone-100" aria-label={t('groups.requests.title')}>
              {requests.data.map((request) => (
                <RequestItem key={request.id} request={request} showGroup />
              ))}
            </ul>
          </CardBody>
        </Card>
      )}
    </div>
  );
}
