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
import { GROUP_TEXT, loadFailure } from './messages';

const TEXT = GROUP_TEXT.requests;

/** /group-requests: requests to join every group the member owns or moderates, answered in place. */
export function GroupRequestsPage() {
  useDocumentTitle(TEXT.title);
  const requests = useQuery(groupRequestsQueryOptions());

  return (
    <div>
      <PageHeader
        title={TEXT.title}
        description="People asking to join your groups. Choose the role they start with, then accept or reject."
      />
      {requests.isPending ? (
        <LoadingScreen label="Loading requests…" />
      ) : requests.isError ? (
        <RetryAlert
          message={loadFailure(errorMessage(requests.error))}
          retrying={requests.isFetching}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={TEXT.empty}
          description="When someone asks to join a group you own or moderate, you'll find them here."
        />
      ) : (
        <Card>
          <CardBody className="py-1 sm:py-2">
            <ul className="divide-y divide-stone-100" aria-label={TEXT.title}>
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
