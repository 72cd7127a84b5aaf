import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { errorMessage } from '@web/lib/api-errors';
import { groupJoinRequestsQueryOptions } from '../api';
import { GROUP_TEXT, loadFailure } from '../messages';
import { RequestItem } from './request-item';

const TEXT = GROUP_TEXT.edit;

/** 'Requests to Join' on the edit screen: this group's waiting requests, answered in place. */
export function JoinRequestsCard({ groupId }: { groupId: string }) {
  const requests = useQuery(groupJoinRequestsQueryOptions(groupId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{TEXT.requests}</CardTitle>
        <CardDescription>Choose the role each person starts with, then accept or reject.</CardDescription>
      </CardHeader>
      <CardBody className="pt-2 sm:pt-3">
        {requests.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-stone-500" role="status">
            <Spinner /> Loading requests…
          </div>
        ) : requests.isError ? (
          <Alert>{loadFailure(errorMessage(requests.error))}</Alert>
        ) : requests.data.length === 0 ? (
          <p className="flex items-center gap-2 py-2 text-sm text-stone-500">
            <Inbox className="size-4" aria-hidden="true" />
            {TEXT.noRequests}
          </p>
        ) : (
          <ul className="-my-1 divide-y divide-stone-100" aria-label={TEXT.requests}>
            {requests.data.map((request) => (
              <RequestItem key={request.id} request={request} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
